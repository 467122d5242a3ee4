// One-off: `npx tsx functions/core/reports/backfill-ping-counts.ts` gives the pings written before
// Ping History's counters existed their index keys (gsi1-3) and counts them in their PingCount items,
// each once, then writes the PING_COUNTS marker, from which on Ping History pages are counted
// (docs/data-model.md #93b). Safe to run while pings arrive and to run again. Needs TABLE_NAME (and
// DYNAMODB_ENDPOINT locally, or AWS credentials).
import { backfillPingCounts } from './ping-counts.ts';

const started = Date.now();
const done = await backfillPingCounts({ onProgress: (p) => process.stdout.write(`\rscanned ${p.scanned} items, counted ${p.counted} pings`) });
console.log(`\nPing History counters complete: ${done.counted} pings keyed and counted of ${done.scanned} items scanned in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
