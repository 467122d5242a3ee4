// What a ledger report export is of (Account Summary or Transaction History over a range): kept
// beside the AgentExport record of the same id, which carries the status, progress and file that
// GET exports/{exportId} reads, so one export job and one status route serve both kinds of export.
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';

export const LEDGER_REPORT_KINDS = ['accountSummary', 'transactionHistory'] as const;
export type LedgerReportKind = (typeof LEDGER_REPORT_KINDS)[number];

export const ReportExport = defineEntity({
  entity: 'ReportExport',
  version: 1,
  schema: z.object({
    exportId: z.string(),
    report: z.enum(LEDGER_REPORT_KINDS),
    /** YYYY-MM-DD, both included, reporting days. */
    startDate: z.string(),
    endDate: z.string(),
    /** Epoch seconds: removed with its AgentExport record a day after the request. */
    ttl: z.number().int(),
  }),
  key: (e: { exportId: string }) => ({ pk: `EXPORT#${e.exportId}`, sk: 'REPORT' }),
});
export type ReportExport = z.infer<typeof ReportExport.schema>;
