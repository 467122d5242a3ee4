// One-off: `npx tsx functions/core/reports/backfill-day-summary-index.ts` gives the lead sales written
// before the reports' sales-by-day index existed their keys and records the index complete (day sums
// are made whole, keys included, by `npm run rebuild -- day-sums`)
// (docs/data-model.md, the ledger report exports), then gives the balances their agents' names and the
// ledger entries their Transaction History sort keys (#88g). Needs TABLE_NAME (and DYNAMODB_ENDPOINT locally, or AWS credentials).
import { backfillReportIndexes } from './day-summary-index.ts';
import { backfillLedgerSortKeys } from './ledger-sort-pages.ts';

const started = Date.now();
const done = await backfillReportIndexes({
  onProgress: (p) => process.stdout.write(`\rscanned ${p.scanned} items, gave ${p.updated} items their by-day keys`),
});
console.log(`\nReport by-day indexes complete: ${done.updated} items updated of ${done.scanned} items scanned in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
const sortKeysStarted = Date.now();
const keyed = await backfillLedgerSortKeys({ onProgress: (p) => process.stdout.write(`\r${p.phase}: scanned ${p.scanned} items, ${p.updated} updated in this segment`) });
console.log(`\nLedger sort keys: ${keyed.balances} balances named, ${keyed.entries} entries keyed (${keyed.scanned} items scanned) in ${((Date.now() - sortKeysStarted) / 1000).toFixed(1)} s.`);
