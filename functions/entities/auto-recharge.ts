// Auto-recharge: the agent's opt-in (threshold, amount and the provider's stored-card token, never
// card data), one attempt item per crossing that started a recharge, and the per-day count the daily
// cap is enforced on. All in the agent's partition, read with the balance.
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';
import { agentPk } from './agent-profile.ts';

const cents = z.number().int().positive();

export const AutoRecharge = defineEntity({
  entity: 'AutoRecharge',
  version: 1,
  schema: z.object({
    agentId: z.string(),
    enabled: z.boolean(),
    belowCents: cents,
    amountCents: cents,
    /** The provider's token for the saved card; the portal never sees the card itself. */
    cardToken: z.string().optional(),
    /** The last four digits the provider reports, to name the card on the page. */
    cardLast4: z.string().regex(/^\d{4}$/).optional(),
    /** Why it was switched off by the portal ('declined'): the page says so. */
    disabledReason: z.enum(['declined']).optional(),
    updatedAt: z.string(),
    updatedBy: z.string(),
  }),
  /** an agent's auto-recharge settings */
  key: (a: { agentId: string }) => ({ pk: agentPk(a.agentId), sk: 'AUTO_RECHARGE' }),
});
export type AutoRecharge = z.infer<typeof AutoRecharge.schema>;

export const RechargeAttempt = defineEntity({
  entity: 'RechargeAttempt',
  version: 1,
  schema: z.object({
    agentId: z.string(),
    /** The crossing's ledger entry id: one attempt per crossing. */
    attemptId: z.string(),
    /** Sent to the provider as the charge's order id, its idempotency key. */
    orderId: z.string(),
    sessionId: z.string(),
    amountCents: cents,
    day: z.string(),
    state: z.enum(['charging', 'credited', 'declined']),
    transactionId: z.string().optional(),
    createdAt: z.string(),
    ttl: z.number().int(),
  }),
  /** an agent's recharge attempt, by crossing */
  key: (a: { agentId: string; attemptId: string }) => ({ pk: agentPk(a.agentId), sk: `RECHARGE#${a.attemptId}` }),
});
export type RechargeAttempt = z.infer<typeof RechargeAttempt.schema>;

export const RechargeDay = defineEntity({
  entity: 'RechargeDay',
  version: 1,
  schema: z.object({
    agentId: z.string(),
    /** Reporting day (America/Chicago), YYYY-MM-DD. */
    day: z.string(),
    count: z.number().int().nonnegative(),
    ttl: z.number().int(),
  }),
  /** recharges started on one day, by agent */
  key: (d: { agentId: string; day: string }) => ({ pk: agentPk(d.agentId), sk: `RECHARGE_DAY#${d.day}` }),
});
export type RechargeDay = z.infer<typeof RechargeDay.schema>;
