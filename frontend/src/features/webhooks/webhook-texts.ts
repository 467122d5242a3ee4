// The words the CRM delivery screens show for the contract's values: events, formats, delivery states
// and one attempt's outcome.
import type { DeliveryDto } from '#shared/api/webhooks.ts';
import type { NotificationKind } from '#shared/api/notifications.ts';

export const EVENT_LABELS: Record<NotificationKind | 'Test', string> = {
  LeadSold: 'Lead sold',
  DisputeDecided: 'Dispute decided',
  BalanceLow: 'Low balance',
  Test: 'Test',
};

export const FORMAT_LABELS = { json: 'JSON', form: 'Form-encoded' } as const;

export const STATE_LABELS: Record<DeliveryDto['State'], { label: string; color: string }> = {
  pending: { label: 'Pending', color: 'blue' },
  retrying: { label: 'Retrying', color: 'orange' },
  delivered: { label: 'Delivered', color: 'green' },
  parked: { label: 'Parked', color: 'red' },
};

type Attempt = DeliveryDto['Attempts'][number];

/** "200 in 85 ms", or why no answer came ("Connection refused after 3 ms"). */
export function attemptOutcome(attempt: Attempt): string {
  if (attempt.Status !== null) return `${attempt.Status}${attempt.Error ? ` (${attempt.Error})` : ''} in ${attempt.LatencyMs} ms`;
  return `${attempt.Error ?? 'No answer'} after ${attempt.LatencyMs} ms`;
}

/** Whether the endpoint answered with a 2xx. */
export const attemptSucceeded = (attempt: Attempt) => attempt.Status !== null && attempt.Status >= 200 && attempt.Status < 300;

export const lastAttempt = (delivery: Pick<DeliveryDto, 'Attempts'>): Attempt | undefined => delivery.Attempts[delivery.Attempts.length - 1];
