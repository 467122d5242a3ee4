// The low-balance alert and auto-recharge (issue 12 Insights, beyond the spec): the agent's threshold
// for the banner and the e-mail, and the opt-in card top-up when the balance falls below a threshold,
// charged to a card saved with the provider (the portal keeps only the provider's token). Money in
// dollars at the edge, integer cents inside.
import { z } from 'zod';
import { cardAmountSchema } from '../card.ts';
import { dollarsSchema } from '../money.ts';
import { agentIdParam, built, type RouteContract } from './define.ts';

/** Recharges started per agent per reporting day (America/Chicago), whatever the thresholds. */
export const AUTO_RECHARGE_DAILY_CAP = 3;
export const THRESHOLD_MIN_CENTS = 100;
export const THRESHOLD_MAX_CENTS = 10_000_000;

export const BALANCE_ALERT_MESSAGES = {
  thresholdRange: 'Threshold must be between $1.00 and $100,000.00.',
  cardRequired: 'Save a card for auto-recharge before turning it on.',
  cardNotSaved: 'The provider did not save this card; pay again with Save card ticked.',
  /** The banner (shell) when the balance is below the agent's alert threshold. */
  banner: (balance: string, threshold: string) => `Your lead balance of ${balance} is below your alert threshold of ${threshold}.`,
  bannerLink: 'Add Lead Money',
} as const;

const threshold = dollarsSchema.refine((c) => c >= THRESHOLD_MIN_CENTS && c <= THRESHOLD_MAX_CENTS, BALANCE_ALERT_MESSAGES.thresholdRange);

const params = z.object({ agentId: agentIdParam });

/** PUT: the whole setting; null turns a part off. Auto-recharge amounts are within the card limits ($50 to $1,000). */
export const balanceAlertsBody = z.object({
  LowBalanceAlert: threshold.nullable(),
  AutoRecharge: z
    .object({
      Enabled: z.boolean(),
      Threshold: threshold,
      Amount: cardAmountSchema,
    })
    .nullable(),
});
export type BalanceAlertsBodyIn = z.input<typeof balanceAlertsBody>;

export const balanceAlertsSchema = z.object({
  AgentId: z.string(),
  Balance: z.number(),
  /** Dollars, or null when the alert is off. */
  LowBalanceAlert: z.number().nullable(),
  /** The balance is below the alert threshold: the shell shows the banner. */
  Below: z.boolean(),
  AutoRecharge: z
    .object({
      Enabled: z.boolean(),
      Threshold: z.number(),
      Amount: z.number(),
      /** Why the portal turned it off: 'declined' when the saved card was declined. */
      DisabledReason: z.enum(['declined']).nullable(),
    })
    .nullable(),
  /** The saved card (its last four digits), or null. */
  Card: z.object({ Last4: z.string().nullable() }).nullable(),
  RechargesPerDay: z.number().int(),
});
export type BalanceAlertsDto = z.infer<typeof balanceAlertsSchema>;

/** Opening the provider's form for a card top-up that also saves the card. */
export const rechargeCardFormBody = z.object({ Amount: cardAmountSchema });
export const rechargeCardFormSchema = z.object({ Url: z.string(), OrderId: z.string(), Amount: z.number() });

/** After the form: the provider's transaction id; the top-up is credited and the card's token kept. */
export const saveRechargeCardBody = z.object({ TransactionId: z.string().regex(/^[A-Za-z0-9._-]{1,64}$/, 'Transaction id is not valid.') });

export const balanceAlertsApi = {
  'account.balanceAlerts': built({ params, response: balanceAlertsSchema }),
  'account.updateBalanceAlerts': built({ params, body: balanceAlertsBody, response: balanceAlertsSchema }),
  'account.rechargeCardForm': built({ params, body: rechargeCardFormBody, response: rechargeCardFormSchema }),
  'account.saveRechargeCard': built({ params, body: saveRechargeCardBody, response: balanceAlertsSchema }),
} satisfies Record<string, RouteContract>;
