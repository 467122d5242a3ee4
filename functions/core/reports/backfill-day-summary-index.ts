// One-off: `npx tsx functions/core/reports/backfill-day-summary-index.ts` gives the day sums written
// before the by-day index existed their keys and records the index complete (docs/data-model.md, the
// Account Summary export). Needs TABLE_NAME (and DYNAMODB_ENDPOINT locally, or AWS credentials).
import { backfillDaySummaryDayIndex } from './day-summary-index.ts';

const started = Date.now();
const done = await backfillDaySummaryDayIndex({
  onProgress: (p) => process.stdout.write(`\rscanned ${p.scanned} items, gave ${p.updated} day sums their by-day keys`),
});
console.log(`\nDay-sum by-day index complete: ${done.updated} day sums updated of ${done.scanned} items scanned in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
