import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_PUBLIC_API_VERSION } from './versions';

/**
 * Publishing a version of the public API: keeps the document a started site serves (`npm start`) as
 * api-gateway/public-api/<version>.json, the promise the contract test holds every later document to.
 * Run: `npm run public-api:publish -w @sq/api-gateway -- [site origin, default http://localhost:8080]`.
 * A version is published once; changing its file afterwards is changing a promise already made.
 */
async function publish(origin: string): Promise<void> {
  const response = await fetch(`${origin.replace(/\/$/, '')}/api/public/openapi.json`);
  if (!response.ok) throw new Error(`GET /api/public/openapi.json answered ${response.status}`);
  const document = (await response.json()) as { info: { version: string } };
  const version = document.info.version ?? DEFAULT_PUBLIC_API_VERSION;
  const target = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'public-api', `${version}.json`);
  fs.writeFileSync(target, `${JSON.stringify(document, null, 2)}\n`);
  console.log(`published ${version}: ${target}`);
}

await publish(process.argv[2] ?? 'http://localhost:8080');
