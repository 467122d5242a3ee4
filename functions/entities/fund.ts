// A fund: what agents buy leads from (Funds Summary, Available Funds, fund pickers).
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';
import { lower } from '#platform/item-key.ts';

const cents = z.number().int();
const isoTime = z.string();

export const Fund = defineEntity({
  entity: 'Fund',
  version: 1,
  schema: z.object({
    fundId: z.string(),
    name: z.string(),
    description: z.string(),
    code: z.string(),
    /** Employer 1, Health 2, Life 3, Medicare 4. */
    lineOfBusiness: z.number().int().min(1).max(4),
    /** Own company 1, ThirdPartyShared 2, ThirdPartyExclusive 3. */
    category: z.number().int().min(1).max(3),
    /** Broker 0, Captive 1, Both 2, FirstFamily 3, CaptiveAndFFI 4, BrokerAndFFI 5, All 6, SpecifiedAgents 7. */
    channel: z.number().int().min(0).max(7),
    captivePriceCents: cents.nonnegative(),
    brokerPriceCents: cents.nonnegative(),
    isActive: z.boolean(),
    isLiveTransfer: z.boolean(),
    startDate: isoTime,
    endDate: isoTime,
    specifiedAgentIds: z.array(z.string()),
    createdAt: isoTime,
    /** Optimistic concurrency (functions/platform/revision.ts): 1 on create, +1 per change. */
    revision: z.number().int().min(1),
    /** The staff e-mail of the last change and its time (the API's ModifiedBy and LastUpdated/Modified). */
    modifiedBy: z.string(),
    lastUpdated: isoTime,
  }),
  /** fund by id */
  key: (f: { fundId: string }) => ({ pk: `FUND#${f.fundId}`, sk: 'FUND' }),
  indexes: {
    /** all funds sorted by name */
    byName: {
      index: 'gsi1',
      attributes: ['name', 'fundId'],
      key: (f) => ({ pk: 'FUNDS', sk: `${lower(f.name)}#${f.fundId}` }),
      query: () => ({ pk: 'FUNDS' }),
    },
  },
});
export type Fund = z.infer<typeof Fund.schema>;
