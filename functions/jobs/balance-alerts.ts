// Handles the balance crossings the projector writes (functions/core/views/balance-crossings-view.ts): the auto-recharge
// of the saved card and the low-balance e-mail. The target of an EventBridge schedule rule every
// minute in AWS; locally the scheduler fires it on the same schedule, and `npm run job --
// balanceAlerts` runs it by hand. The work is in functions/core/money/balance-alerts.ts.
import { handlePendingCrossings, type CrossingSummary } from '#core/money/balance-alerts.ts';
import { paymentSettings } from '#core/money/payments/config.ts';
import type { Context } from 'aws-lambda';
import { config } from '#platform/config.ts';
import { runJob } from '#platform/job-run.ts';
import { logger } from '#platform/logger.ts';
import { mailerFromEnv } from '#platform/mailer.ts';
import { emit } from '#platform/metrics.ts';

export const implemented = true;

/** The run stops taking new crossings this long after it starts (JOB_NEEDS: 60 s). */
const BUDGET_MS = 45_000;

/** The run's summary, or nothing when nothing was pending (so the local scheduler logs no line every minute). */
export async function handler(_event?: unknown, context?: Context): Promise<CrossingSummary | undefined> {
  return runJob('balanceAlerts', context, async () => {
    const summary = await run();
    if (summary) {
      emit({ Job: 'balanceAlerts' }, { balanceAlertSent: summary.mailed });
      emit({ Result: 'credited' }, { autoRecharge: summary.recharged });
      emit({ Result: 'declined' }, { autoRecharge: summary.declined });
      emit({ Result: 'capped' }, { autoRecharge: summary.capped });
    }
    return { result: summary, rows: summary?.handled ?? 0, failed: summary?.failed ?? 0 };
  });
}

async function run(): Promise<CrossingSummary | undefined> {
  const summary = await handlePendingCrossings(
    { mailer: mailerFromEnv(), payments: paymentSettings, appOrigin: config().APP_ORIGIN.replace(/\/+$/, '') },
    { deadline: Date.now() + BUDGET_MS },
  );
  if (summary.handled === 0 && summary.failed === 0) return undefined;
  logger.info('Balance alerts run', { ...summary });
  return summary;
}
