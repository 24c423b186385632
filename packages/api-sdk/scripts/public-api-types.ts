import fs from 'node:fs';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';

/**
 * The SDK's types come from the newest published version of the public API: the dated documents the gateway
 * keeps in api-gateway/public-api/<version>.json (its contract test guards them). Generated with
 * openapi-typescript's Node API, so the check in the unit suite and `npm run generate` produce the same text.
 */
const PACKAGE_DIR = path.resolve(import.meta.dirname, '..');
export const PUBLISHED_DIR = path.resolve(PACKAGE_DIR, '../../api-gateway/public-api');
export const GENERATED_FILE = path.join(PACKAGE_DIR, 'src/generated/public-api.ts');
export const GENERATE_COMMAND = 'npm run generate --prefix packages/api-sdk';

/** The newest published version: the dated file names sort by date. */
export function latestPublishedDocument(dir = PUBLISHED_DIR): { version: string; file: string } {
  const versions = fs
    .readdirSync(dir)
    .filter((name) => /^\d{4}-\d{2}-\d{2}\.json$/.test(name))
    .sort();
  const newest = versions.at(-1);
  if (!newest) throw new Error(`no published public API document in ${dir}`);
  return { version: newest.slice(0, -'.json'.length), file: path.join(dir, newest) };
}

/** The generated module's whole text: the document's paths as types, and the version they are of. */
export async function generatedSource(document = latestPublishedDocument()): Promise<string> {
  const schema = JSON.parse(fs.readFileSync(document.file, 'utf8')) as Parameters<typeof openapiTS>[0];
  const types = astToString(await openapiTS(schema));
  const source = path.relative(path.resolve(PACKAGE_DIR, '../..'), document.file);
  return [
    `// Generated from ${source} by \`${GENERATE_COMMAND}\` (openapi-typescript): do not edit.`,
    '',
    '/** The public API version these types describe: the client sends it as `Sidequest-Version`. */',
    `export const PUBLIC_API_VERSION = '${document.version}';`,
    '',
    types,
  ].join('\n');
}
