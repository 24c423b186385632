import fs from 'node:fs';
import { GENERATED_FILE, generatedSource, latestPublishedDocument } from './public-api-types';

// Regenerates src/generated/public-api.ts from the newest api-gateway/public-api/<version>.json.
const document = latestPublishedDocument();
fs.writeFileSync(GENERATED_FILE, await generatedSource(document));
console.log(`api-sdk: types of public API ${document.version} written to ${GENERATED_FILE}`);
