// A caller's request count in one minute for one kind of public call (the public forms' per-IP
// limit); DynamoDB's TTL removes the item once its minute is long over.
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';
import { ConditionFailed, updateReturning } from '#platform/db.ts';

export const RATE_KINDS = ['salesLookup', 'salesSubmit'] as const;
export type RateKind = (typeof RATE_KINDS)[number];

export const RateWindow = defineEntity({
  entity: 'RateWindow',
  version: 1,
  schema: z.object({
    kind: z.enum(RATE_KINDS),
    /** A digest of the caller's address: the counter needs no readable IP. */
    callerHash: z.string(),
    /** The minute, YYYY-MM-DDTHH:MM (UTC). */
    minute: z.string(),
    count: z.number().int().nonnegative(),
    ttl: z.number().int(),
  }),
  /** a caller's count of one kind in one minute */
  key: (w: { kind: RateKind; callerHash: string; minute: string }) => ({ pk: `RATE#${w.kind}#${w.callerHash}#${w.minute}`, sk: 'RATE' }),
});
export type RateWindow = z.infer<typeof RateWindow.schema>;

export const callerHashOf = (ip: string) => createHash('sha256').update(`rate:${ip}`).digest('hex').slice(0, 32);

/**
 * Count one call of `ip` in the minute of `now` (ADD 1 under `count < limit`, one UpdateItem): true
 * while the caller is within `limit`, false once over it (the refused call is not counted).
 */
export async function takeRateSlot(kind: RateKind, ip: string, limit: number, now: Date): Promise<boolean> {
  const minute = now.toISOString().slice(0, 16);
  const callerHash = callerHashOf(ip);
  const windowEnd = Math.floor(now.getTime() / 60_000) * 60 + 60;
  try {
    await updateReturning(
      RateWindow.key({ kind, callerHash, minute }),
      {
        expression: 'ADD #count :one SET #entity = :entity, #schemaVersion = :version, #kind = :kind, #callerHash = :callerHash, #minute = :minute, #ttl = :ttl',
        names: {
          '#count': 'count',
          '#entity': 'entity',
          '#schemaVersion': 'schemaVersion',
          '#kind': 'kind',
          '#callerHash': 'callerHash',
          '#minute': 'minute',
          '#ttl': 'ttl',
        },
        values: {
          ':one': 1,
          ':limit': limit,
          ':entity': RateWindow.entity,
          ':version': RateWindow.version,
          ':kind': kind,
          ':callerHash': callerHash,
          ':minute': minute,
          // A minute of slack past the window's end; TTL deletes within days, and an expired window is never read again.
          ':ttl': windowEnd + 60,
        },
      },
      { expression: 'attribute_not_exists(#count) OR #count < :limit' },
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionFailed) return false;
    throw error;
  }
}
