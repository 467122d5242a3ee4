// The weekly Pro Store transfer: the EventBridge schedule's target in AWS; locally the scheduler and
// `npm run job -- prostore` invoke the same handler. The work is in functions/core/money/prostore.ts; the
// store's events come from the projector.
import type { Context } from 'aws-lambda';
import { z } from 'zod';
import { runProStoreTransfers, type ProStoreSummary } from '#core/money/prostore.ts';
import { runJob } from '#platform/job-run.ts';
import { logger } from '#platform/logger.ts';

export const implemented = true;

/** A scheduled event's `time` picks the ISO week; an invocation without one (by hand) runs for now. */
const invocation = z.looseObject({ time: z.iso.datetime({ offset: true }).optional() }).optional();

export class ProStoreRunIncomplete extends Error {
  constructor(summary: ProStoreSummary) {
    super(`Pro Store run ${summary.isoWeek} left ${summary.failed} failed transfers; a re-run finishes them`);
    this.name = 'ProStoreRunIncomplete';
  }
}

export async function handler(event?: unknown, context?: Context): Promise<ProStoreSummary> {
  return runJob('prostore', context, async () => {
    const summary = await run(event);
    return { result: summary, rows: summary.agents };
  });
}

async function run(event: unknown): Promise<ProStoreSummary> {
  const time = invocation.parse(event)?.time;
  const summary = await runProStoreTransfers({ at: time ? new Date(time) : new Date() });
  const { isoWeek, runs, agents, transferred, newTransfers, skipped, failed, ineligible, totalCents, ms } = summary;
  logger.info('Pro Store run', { isoWeek, runs, agents, transferred, newTransfers, skipped, failed, ineligible, totalCents, ms });
  // Failing the invocation makes Lambda retry it (the schedule's retryAttempts), and a re-run only
  // retries the failed agents.
  if (failed > 0) throw new ProStoreRunIncomplete(summary);
  return summary;
}
