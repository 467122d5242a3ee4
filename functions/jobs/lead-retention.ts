// Removes personal fields from leads and public form submissions older than the retention period:
// the target of a daily EventBridge schedule rule in AWS; locally the scheduler fires it and
// `npm run job -- leadRetention` runs it by hand. The period (LEAD_RETENTION_MONTHS, default 36) is
// read when the module loads. The work is in functions/core/leads/retention.ts.
import type { Context } from 'aws-lambda';
import { z } from 'zod';
import { retentionMonthsFrom, runRetention, type RetentionSummary } from '#core/leads/retention.ts';
import { runJob } from '#platform/job-run.ts';

export const implemented = true;

const RETENTION_MONTHS = retentionMonthsFrom(process.env);

const invocation = z.looseObject({ time: z.iso.datetime({ offset: true }).optional() }).optional();

/** Stops taking new pages well before the function's timeout (JOB_NEEDS: 900 s); the next day goes on. */
const BUDGET_MS = 800_000;

export async function handler(event?: unknown, context?: Context): Promise<RetentionSummary> {
  const time = invocation.parse(event)?.time;
  return runJob('leadRetention', context, async () => {
    const summary = await runRetention({ now: time ? new Date(time) : new Date(), months: RETENTION_MONTHS, deadline: Date.now() + BUDGET_MS });
    return { result: summary, rows: summary.leads + summary.formLeads };
  });
}
