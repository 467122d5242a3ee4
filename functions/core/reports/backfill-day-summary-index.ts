// One-off: `npx tsx functions/core/reports/backfill-day-summary-index.ts` gives the lead sales written
// before the reports' sales-by-day index existed their keys and records the index complete (day sums
// are made whole, keys included, by `npm run rebuild -- day-sums`)
// (docs/data-model.md §3 #89). The Transaction History's sort copies are a view:
// `npm run rebuild -- ledger-history`. Needs TABLE_NAME (and DYNAMODB_ENDPOINT locally, or AWS credentials).
import { backfillReportIndexes } from './day-summary-index.ts';

const started = Date.now();
const done = await backfillReportIndexes({
  onProgress: (p) => process.stdout.write(`\rscanned ${p.scanned} items, gave ${p.updated} items their by-day keys`),
});
console.log(`\nReport by-day indexes complete: ${done.updated} items updated of ${done.scanned} items scanned in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
