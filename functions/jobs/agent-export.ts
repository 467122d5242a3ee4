// Writes a requested agents CSV export: the target of the uploads bucket's notification on
// export-requests/ in AWS; locally the scheduler runs it when s3rver reports the trigger object, and
// `npm run job -- agentExport export-requests/<exportId>.json` by hand. The trigger object only names
// the export; everything the file may show comes from the record the request wrote
// (functions/core/directory/agent-exports.ts). The same job writes the ledger reports' exports (Account Summary,
// Transaction History: functions/core/reports/ledger-reports.ts), whose ids name a ReportExport item.
import type { Context } from 'aws-lambda';
import { z } from 'zod';
import { exportIdOfRequestKey, runAgentExport, type AgentExportResult } from '#core/directory/agent-exports.ts';
import { isLedgerReportExport, runLedgerReportExport, type LedgerReportExportResult } from '#core/reports/ledger-reports.ts';
import { runJob } from '#platform/job-run.ts';
import { logger } from '#platform/logger.ts';

export const implemented = true;

const s3Event = z.object({
  Records: z.array(z.looseObject({ eventName: z.string(), s3: z.looseObject({ object: z.looseObject({ key: z.string() }) }) })),
});

/** S3 writes keys URL-encoded, spaces as `+`. */
const decodeKey = (key: string) => decodeURIComponent(key.replace(/\+/g, ' '));

export async function handler(event: unknown, context?: Context): Promise<(AgentExportResult | LedgerReportExportResult)[]> {
  return runJob('agentExport', context, async () => {
    const results = await run(event);
    const exported = results.flatMap((r) => (r.outcome === 'exported' ? [r] : []));
    return { result: results, rows: exported.reduce((n, r) => n + r.rows, 0), failed: exported.filter((r) => r.status === 'Failed').length };
  });
}

async function run(event: unknown): Promise<(AgentExportResult | LedgerReportExportResult)[]> {
  const results: (AgentExportResult | LedgerReportExportResult)[] = [];
  for (const record of s3Event.parse(event).Records) {
    if (!record.eventName.startsWith('ObjectCreated:')) continue;
    const exportId = exportIdOfRequestKey(decodeKey(record.s3.object.key));
    const result = !exportId
      ? ({ outcome: 'ignored', reason: 'not an export request key' } as const)
      : (await isLedgerReportExport(exportId))
        ? await runLedgerReportExport(exportId)
        : await runAgentExport(exportId);
    logger.info('Export', { ...result });
    results.push(result);
  }
  return results;
}
