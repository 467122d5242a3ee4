// The lead retry pass (the leadRetry job, every minute): each unsold lead whose retry is due goes
// through matching again (engine.ts `retryLead`, idempotent: a lead sells at most once whoever runs
// it), and each public form submission still Received (stored, but the engine did not take it: it
// failed or was down) is handed to the engine again, which replays it when it had in fact taken it.
import { PublicFormLead, type PublicFormLead as PublicFormLeadItem } from '#entities/public-form-lead.ts';
import { LeadRetry } from '#entities/lead-retry.ts';
import { engineInputOf } from '#core/leads/public-forms.ts';
import { logger } from '#platform/logger.ts';
import { intakeLead } from './intake.ts';
import { retryLead, type RetryResult } from './engine.ts';

/** A submission younger than this may still be in the engine's hands in the request that stored it. */
export const RECEIVED_GRACE_MS = 2 * 60_000;
/** Older submissions are left alone: one the engine could not take for a week needs a person, not a loop. */
export const RECEIVED_MAX_AGE_MS = 7 * 86_400_000;
/** Items read per page of the due index and of the Received index. */
const PAGE = 50;
/** Leads retried side by side. */
const CONCURRENCY = 4;

export interface LeadRetrySummary {
  due: number;
  sold: number;
  unsold: number;
  skipped: number;
  failed: number;
  formLeads: { received: number; routed: number; refused: number; failed: number };
  ms: number;
}

async function inParallel<T>(items: T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  }));
}

/**
 * Runs every due retry and every waiting form submission once, until `deadline` (a run that cannot
 * finish leaves the rest due for the next one).
 */
export async function runLeadRetries(opts: { now?: Date; deadline?: number } = {}): Promise<LeadRetrySummary> {
  const started = Date.now();
  const now = opts.now ?? new Date();
  const deadline = opts.deadline ?? started + 50_000;
  const summary: LeadRetrySummary = { due: 0, sold: 0, unsold: 0, skipped: 0, failed: 0, formLeads: { received: 0, routed: 0, refused: 0, failed: 0 }, ms: 0 };

  let cursor: string | undefined;
  do {
    const page = await LeadRetry.query.dueBy(now.toISOString()).page({ limit: PAGE, cursor, consistent: true });
    summary.due += page.items.length;
    await inParallel(page.items, async (retry) => {
      try {
        const result: RetryResult = await retryLead(retry, now);
        summary[result]++;
      } catch (err) {
        summary.failed++;
        logger.warn('Lead retry failed; it stays due', { leadId: retry.leadId, error: err instanceof Error ? err.name : 'unknown' });
      }
    });
    cursor = page.cursor;
  } while (cursor && Date.now() < deadline);

  const receivedBefore = new Date(now.getTime() - RECEIVED_GRACE_MS).toISOString();
  const receivedAfter = new Date(now.getTime() - RECEIVED_MAX_AGE_MS).toISOString();
  cursor = undefined;
  do {
    const page = await PublicFormLead.query.byStatus('Received').within({ between: [receivedAfter, `${receivedBefore}#`] }).page({ limit: PAGE, cursor });
    summary.formLeads.received += page.items.length;
    await inParallel(page.items, async (lead) => {
      const outcome = await routeReceived(lead, now).catch((err: unknown) => {
        logger.warn('Public form lead retry failed; it stays Received', { leadId: lead.leadId, error: err instanceof Error ? err.name : 'unknown' });
        return 'failed' as const;
      });
      summary.formLeads[outcome]++;
    });
    cursor = page.cursor;
  } while (cursor && Date.now() < deadline);

  summary.ms = Date.now() - started;
  return summary;
}

/**
 * A Received submission through the engine, matched at `now` (its arrival time has passed), and its
 * answer recorded as the form's own hand-off does (functions/core/leads/public-forms.ts).
 */
async function routeReceived(lead: PublicFormLeadItem, now: Date): Promise<'routed' | 'refused'> {
  const outcome = await intakeLead({ ...engineInputOf(lead), at: now });
  const at = now.toISOString();
  if (outcome.status === 'accepted') {
    const intake = { at, leadId: outcome.leadId, userFacingLeadId: outcome.userFacingLeadId, result: outcome.result, ...(outcome.reasons ? { reasons: outcome.reasons } : {}) };
    await PublicFormLead.patch({ leadId: lead.leadId }, { set: { status: 'Routed', intake } }, { current: lead });
    return 'routed';
  }
  await PublicFormLead.patch({ leadId: lead.leadId }, { set: { status: 'Refused', intake: { at, reasons: outcome.errorMessages } } }, { current: lead });
  return 'refused';
}
