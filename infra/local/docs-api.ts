// `npm run docs:api`: rewrites docs/api.md's generated "Shapes" block from the contract in shared/api.
import { readFileSync, writeFileSync } from 'node:fs';
import { withContractDocs } from '../../shared/api/docs.ts';

const file = new URL('../../docs/api.md', import.meta.url);
const before = readFileSync(file, 'utf8');
const after = withContractDocs(before);
if (after !== before) writeFileSync(file, after);
console.log(after === before ? 'docs/api.md is up to date' : 'docs/api.md updated from shared/api');
