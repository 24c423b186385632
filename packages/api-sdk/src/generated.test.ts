import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  GENERATED_FILE,
  GENERATE_COMMAND,
  generatedSource,
  latestPublishedDocument,
} from '../scripts/public-api-types';
import { PUBLIC_API_VERSION } from './generated/public-api';

describe('the generated types', () => {
  it('are those of the newest published public API document', async () => {
    const expected = await generatedSource();
    const checkedIn = fs.readFileSync(GENERATED_FILE, 'utf8');
    // A difference means a published document changed or was added without regenerating the SDK.
    expect(
      checkedIn === expected,
      `src/generated/public-api.ts is out of date: run \`${GENERATE_COMMAND}\` to regenerate it`,
    ).toBe(true);
    expect(PUBLIC_API_VERSION).toBe(latestPublishedDocument().version);
  });

  it('declare every published operation, with its scope-bearing paths and no other', async () => {
    const document = JSON.parse(fs.readFileSync(latestPublishedDocument().file, 'utf8')) as {
      paths: Record<string, object>;
    };
    const source = await generatedSource();
    for (const path of Object.keys(document.paths)) expect(source).toContain(`"${path}": {`);
    expect(source).not.toContain('"/api/tokens"');
  });
});
