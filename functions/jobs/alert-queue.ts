// Sends the e-mail and SMS alerts that are due (issue 23): held for an agent's quiet hours that have
// now ended, failed sends whose back-off has passed, and claims whose sender died before marking them.
// The target of an EventBridge schedule rule every minute in AWS; locally the scheduler fires it on the
// same schedule, and `npm run job -- alertQueue` runs it by hand. Every alert is claimed before it is
// sent (functions/core/alerts/alert-delivery.ts), so overlapping or retried runs send it once.
import type { Context } from 'aws-lambda';
import { sendDueAlerts, type DueSummary } from '#core/alerts/alert-delivery.ts';
import { alertTokenSecret } from '#core/alerts/alert-token.ts';
import { config } from '#platform/config.ts';
import { runJob } from '#platform/job-run.ts';
import { logger } from '#platform/logger.ts';
import { mailerFromEnv } from '#platform/mailer.ts';
import { smsSenderFromEnv } from '#platform/sms.ts';

export const implemented = true;

/** The run stops taking new alerts this long after it starts (JOB_NEEDS: 60 s). */
const BUDGET_MS = 45_000;

/** The run's summary, or nothing when nothing was due (so the local scheduler logs no line every minute). */
export async function handler(_event?: unknown, context?: Context): Promise<DueSummary | undefined> {
  return runJob('alertQueue', context, async () => {
    const summary = await sendDueAlerts(
      { mailer: mailerFromEnv(), sms: smsSenderFromEnv(), appOrigin: config().APP_ORIGIN.replace(/\/+$/, ''), secret: () => alertTokenSecret() },
      { deadline: Date.now() + BUDGET_MS },
    );
    const handled = summary.sent + summary.held + summary.dropped + summary.skipped + summary.failed;
    if (handled === 0 && summary.errors === 0) return { result: undefined, rows: 0 };
    logger.info('Alert queue run', { ...summary });
    return { result: summary, rows: handled, failed: summary.errors };
  });
}
