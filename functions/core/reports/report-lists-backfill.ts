// Backfill of the Internal Leads day counts (#92a) for a deployment whose form leads were written
// before those items existed. Reads by index, never a scan: each contract's form leads.
import { ContractMap } from '#entities/contract-map.ts';
import { InternalLeadDay } from '#entities/internal-lead-day.ts';
import { PublicFormLead } from '#entities/public-form-lead.ts';
import { reportDay } from '#platform/keys.ts';

/**
 * Adds to each source's day counts the form leads received before `before` (the moment the writer
 * that counts each lead was deployed; later leads counted themselves). Run once per deployment.
 */
export async function backfillInternalLeadDays(before: string, only?: readonly string[]): Promise<{ sources: number; leads: number }> {
  let leads = 0;
  const contracts = only ? only.map((contractId) => ({ contractId })) : await ContractMap.query.all().all();
  for (const c of contracts) {
    const perDay = new Map<string, number>();
    for (const l of await PublicFormLead.query.bySource(c.contractId, '0', before).all()) {
      perDay.set(reportDay(l.receivedAt), (perDay.get(reportDay(l.receivedAt)) ?? 0) + 1);
      leads++;
    }
    for (const [day, count] of perDay) await InternalLeadDay.patch({ source: c.contractId, day }, { add: { count } }, { upsert: true });
  }
  return { sources: contracts.length, leads };
}

// `npx tsx functions/core/reports/report-lists-backfill.ts <ISO time the counting writer was deployed>`;
// needs TABLE_NAME (and DYNAMODB_ENDPOINT locally, or AWS credentials).
if (import.meta.url === `file://${process.argv[1]}`) {
  const before = process.argv[2];
  if (!before || Number.isNaN(Date.parse(before))) throw new Error('Give the ISO time the lead-counting writer was deployed');
  console.log('Internal lead days:', await backfillInternalLeadDays(new Date(before).toISOString()));
}
