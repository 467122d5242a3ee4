// An order's geography (spec part 2 §3 ZipCodes group, State entry): one item beside the header, so
// the order lists never carry zip lists (up to ORDER_LIMITS.zipCodesMax zips, ~60 KB at most).
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';
import { orderPk } from './order.ts';

export const OrderGeo = defineEntity({
  entity: 'OrderGeo',
  version: 1,
  schema: z.object({
    orderId: z.string(),
    /** State codes (states-only mode); empty in zip mode. */
    states: z.array(z.string()),
    /** Zip groups as the wizard labelled them (zip mode); zips as compact lists of strings. */
    zipGroups: z.array(z.object({ key: z.string(), zips: z.array(z.string()) })),
  }),
  /** the geography of an order */
  key: (g: { orderId: string }) => ({ pk: orderPk(g.orderId), sk: 'GEO' }),
});
export type OrderGeo = z.infer<typeof OrderGeo.schema>;
