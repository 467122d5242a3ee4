// A uniqueness guard: one item per (kind, lower-cased value), written in the same transaction as the
// item that claims the value (fund code, campaign code, vendor code, contract id). Because the guard is
// created under attribute_not_exists, two concurrent creates of "ABC" and "abc" cannot both succeed.
// Changing a code is one transaction: delete the old guard (conditioned on it naming this owner),
// create the new one, write the item.
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';
import { lower } from '#platform/item-key.ts';
import type { TxItem } from '#platform/db.ts';

export const UNIQUE_KINDS = ['FUND_CODE', 'CAMPAIGN_CODE', 'VENDOR_CODE', 'CONTRACT_ID', 'USER_EMAIL'] as const;
export type UniqueKind = (typeof UNIQUE_KINDS)[number];

export const UniqueValue = defineEntity({
  entity: 'UniqueValue',
  version: 1,
  schema: z.object({
    kind: z.enum(UNIQUE_KINDS),
    /** Lower-cased, trimmed. */
    value: z.string().min(1),
    /** The id of the item holding the value. */
    ownerId: z.string(),
  }),
  key: (u: { kind: UniqueKind; value: string }) => ({ pk: `UNIQUE#${u.kind}#${lower(u.value)}`, sk: 'UNIQUE' }),
});
export type UniqueValue = z.infer<typeof UniqueValue.schema>;

/** The guard of `value` held by `ownerId`: the one shape every writer (API and seed) stores. */
export const uniqueValueOf = (kind: UniqueKind, value: string, ownerId: string): UniqueValue => ({ kind, value: lower(value), ownerId });

/** Claim `value` for `ownerId` in a transaction; `orFail` is the spec's duplicate message. */
export function claimUniqueTx(kind: UniqueKind, value: string, ownerId: string, orFail: () => Error): TxItem {
  return UniqueValue.createTx(uniqueValueOf(kind, value, ownerId), { orFail });
}

/** Release a value this owner holds, in the same transaction that claims the new one. */
export function releaseUniqueTx(kind: UniqueKind, value: string, ownerId: string): TxItem {
  return UniqueValue.deleteTx(
    { kind, value },
    { condition: { expression: '#owner = :owner', names: { '#owner': 'ownerId' }, values: { ':owner': ownerId } } },
  );
}

/**
 * The guard items of a code change: none when the value is unchanged (case-insensitively), else
 * release the old one and claim the new one.
 */
export function changeUniqueTx(kind: UniqueKind, from: string | undefined, to: string, ownerId: string, orFail: () => Error): TxItem[] {
  if (from !== undefined && lower(from) === lower(to)) return [];
  return [...(from === undefined ? [] : [releaseUniqueTx(kind, from, ownerId)]), claimUniqueTx(kind, to, ownerId, orFail)];
}
