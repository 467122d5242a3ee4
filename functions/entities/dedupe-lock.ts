// The same-phone guard of the dedupe check: a short-lived item per phone and dedupe scope, created
// (attribute_not_exists, or over an expired one) in the same transaction that stores a lead. Dedupe
// reads the earlier leads with the phone (the Lead's gsi7, core/leads/dedupe.ts) before writing; two
// leads with the same phone posted at the same moment both read nothing, and this item makes the
// second transaction fail, so it is stored as a Duplicate instead. Once the first lead shows in the
// index (well within a second) the lock has done its work: it expires after a minute (DynamoDB's TTL
// removes it later; the condition ignores it at once).
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';

/** How long the lock holds, in seconds: far longer than a decision, far shorter than any dedupe window. */
export const DEDUPE_LOCK_SECONDS = 60;

export const DedupeLock = defineEntity({
  entity: 'DedupeLock',
  version: 1,
  schema: z.object({
    phone: z.string(),
    /** The campaign's dedupe scope with its ids: ALL, C#{campaignId}, V#{vendorId}, CV#{campaignId}#{vendorId}. */
    scope: z.string(),
    leadId: z.string(),
    /** Epoch seconds after which the lock no longer holds. */
    expiresAt: z.number().int(),
    ttl: z.number().int(),
  }),
  /** the lock of a phone in a dedupe scope */
  key: (l: { phone: string; scope: string }) => ({ pk: `DEDUPE_LOCK#${l.phone}#${l.scope}`, sk: 'LOCK' }),
});
export type DedupeLock = z.infer<typeof DedupeLock.schema>;
