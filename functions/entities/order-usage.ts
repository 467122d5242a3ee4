// How many leads an order took in one hour, day, week or month of its account's time zone (spec part 2
// §3 UsedPerHour/Day/Week/Month). The lead engine adds to them under the cap in its purchase
// transaction; until it runs they do not exist and the order has used nothing.
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';
import { orderPk } from './order.ts';

export const USAGE_PERIODS = ['HOUR', 'DAY', 'WEEK', 'MONTH'] as const;
export type UsagePeriod = (typeof USAGE_PERIODS)[number];

export const OrderUsage = defineEntity({
  entity: 'OrderUsage',
  version: 1,
  schema: z.object({
    orderId: z.string(),
    period: z.enum(USAGE_PERIODS),
    /** `2024-05-01T13`, `2024-05-01`, `2024-W18`, `2024-05` in the account's time zone. */
    periodKey: z.string(),
    count: z.number().int().nonnegative(),
    ttl: z.number().int().optional(),
  }),
  key: (u: { orderId: string; period: UsagePeriod; periodKey: string }) => ({ pk: orderPk(u.orderId), sk: `USAGE#${u.period}#${u.periodKey}` }),
});
export type OrderUsage = z.infer<typeof OrderUsage.schema>;
