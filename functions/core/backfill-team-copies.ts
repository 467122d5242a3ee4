// One-off: `npx tsx functions/core/backfill-team-copies.ts` gives the closure items written before My
// Team's sort copies their copies (docs/data-model.md #24h); until every item of a team carries them,
// that team is sorted by Last Login, Priority and Credit Line from the profiles and balances, as before.
// Needs TABLE_NAME (and DYNAMODB_ENDPOINT locally, or AWS credentials).
import { backfillTeamCopies } from './team-copies-backfill.ts';

const started = Date.now();
const done = await backfillTeamCopies({ onProgress: (p) => process.stdout.write(`\r${p.agents} agents, ${p.items} closure items`) });
console.log(`\nMy Team copies: ${done.agents} agents, ${done.items} closure items written in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
