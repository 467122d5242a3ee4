// A vendor's posts in one UTC minute (the vendor API's rate limit, docs/api.md "Rate limit"), in
// INTAKE_RATE_SHARDS items by the post's fact: kept by the projector's intake-rate view from the facts
// a post stores (the vendor's Lead, a Ping), summed by admission from one BatchGet. Sharded so no
// vendor's key takes every lead's counting write (each is a transactional ADD, 2 write units): at the
// largest limit staff may set (30,000 a minute, 500 a second) a shard takes about 250 write units a second. Gone an hour
// after its minute.
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';

export const INTAKE_RATE_SHARDS = 4;

export const IntakeRate = defineEntity({
  entity: 'IntakeRate',
  version: 1,
  schema: z.object({ vendorId: z.string(), shard: z.number().int().nonnegative(), minute: z.string(), count: z.number().int().nonnegative(), ttl: z.number().int() }),
  /** one shard of a vendor's posts in one minute (`2026-06-10T17:20`) */
  key: (r: { vendorId: string; shard: number; minute: string }) => ({ pk: `RATE#${r.vendorId}#${r.shard}`, sk: r.minute }),
});
export type IntakeRate = z.infer<typeof IntakeRate.schema>;

/** The UTC minute of a moment, as IntakeRate keys it. */
export const rateMinute = (at: Date | string): string => (typeof at === 'string' ? at : at.toISOString()).slice(0, 16);
