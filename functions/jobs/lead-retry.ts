// Retries unsold leads and public form submissions the engine has not taken: the target of an
// EventBridge schedule rule every minute in AWS; locally the scheduler fires it on the same schedule,
// and `npm run job -- leadRetry` runs it by hand. The work is in functions/core/leads/retries.ts.
import type { Context } from 'aws-lambda';
import { z } from 'zod';
import { runLeadRetries, type LeadRetrySummary } from '#core/leads/retries.ts';
import { runJob } from '#platform/job-run.ts';
import { logger } from '#platform/logger.ts';

export const implemented = true;

/** A scheduled event's `time` is the moment judged; an invocation without one (by hand) runs for now. */
const invocation = z.looseObject({ time: z.iso.datetime({ offset: true }).optional() }).optional();

/** The run stops taking new pages this long before the function's timeout (JOB_NEEDS: 60 s). */
const BUDGET_MS = 45_000;

/** The run's summary, or nothing when nothing was due (so the local scheduler logs no line every minute). */
export async function handler(event?: unknown, context?: Context): Promise<LeadRetrySummary | undefined> {
  return runJob('leadRetry', context, async () => {
    const summary = await run(event);
    return { result: summary, rows: summary ? summary.due + summary.formLeads.received : 0, failed: summary ? summary.failed + summary.formLeads.failed : 0 };
  });
}

async function run(event: unknown): Promise<LeadRetrySummary | undefined> {
  const parsed = invocation.parse(event);
  // A schedule's time is the minute it fired; a late invocation still runs everything due by now.
  const time = parsed?.time ? new Date(Math.max(Date.parse(parsed.time), Date.now())) : new Date();
  const summary = await runLeadRetries({ now: time, deadline: Date.now() + BUDGET_MS });
  if (summary.due === 0 && summary.formLeads.received === 0) return undefined;
  logger.info('Lead retry run', { ...summary, formLeads: { ...summary.formLeads } });
  return summary;
}
