// `npm run docs:api`: rewrites docs/api.md's generated route index from the manifest and shared/api,
// and writes the whole OpenAPI document to .data/openapi.json (git-ignored) for offline tools; the
// served copy is GET /api/openapi.json.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { withContractDocs } from '../../shared/api/docs.ts';
import { openApiDocument } from '../../shared/api/openapi.ts';

const file = new URL('../../docs/api.md', import.meta.url);
const before = readFileSync(file, 'utf8');
const after = withContractDocs(before);
if (after !== before) writeFileSync(file, after);
console.log(after === before ? 'docs/api.md is up to date' : 'docs/api.md updated from the manifest and shared/api');

const data = new URL('../../.data/', import.meta.url);
mkdirSync(data, { recursive: true });
writeFileSync(new URL('openapi.json', data), `${JSON.stringify(openApiDocument(), null, 2)}\n`);
console.log('.data/openapi.json written (the OpenAPI document served at /api/openapi.json)');
