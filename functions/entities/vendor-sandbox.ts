// What the vendor sandbox (functions/core/leads/sandbox.ts) remembers of a sandbox lead, under its own
// key prefixes and never as a Lead: the answer given (a replay of the same VendorLeadId gets it again),
// the lead's phone and e-mail (later sandbox leads are deduplicated against these only), and each
// routing rule's own sandbox sequence (the rule's split over sandbox leads, the real sequence untouched).
// Every item expires (ttl) after SANDBOX_MEMORY_HOURS; no view reads them, so nothing is counted.
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';
import { lower } from '#platform/item-key.ts';

const RESULTS = ['sold', 'unsold', 'duplicate', 'rejected'] as const;

export const SandboxLead = defineEntity({
  entity: 'SandboxLead',
  version: 1,
  schema: z.object({
    leadId: z.string(),
    vendorId: z.string(),
    campaignId: z.string(),
    at: z.string(),
    result: z.enum(RESULTS),
    reasons: z.array(z.string()),
    /** What the vendor would have been paid (their campaign-vendor price), when it would have sold. */
    vendorPriceCents: z.number().int().nonnegative().optional(),
    /** How many agents would have bought it (a shared lead: up to three). */
    sales: z.number().int().nonnegative().optional(),
    ttl: z.number().int(),
  }),
  /** a sandbox lead by its id (made from the vendor and its VendorLeadId) */
  key: (l: { leadId: string }) => ({ pk: `SANDBOX_LEAD#${l.leadId}`, sk: 'SANDBOX_LEAD' }),
});
export type SandboxLead = z.infer<typeof SandboxLead.schema>;

export const SandboxContact = defineEntity({
  entity: 'SandboxContact',
  version: 1,
  schema: z.object({
    kind: z.enum(['PHONE', 'EMAIL']),
    /** Ten digits, or the lower-cased e-mail. */
    value: z.string(),
    at: z.string(),
    leadId: z.string(),
    campaignId: z.string(),
    vendorId: z.string(),
    ttl: z.number().int(),
  }),
  /** the sandbox leads of a phone or e-mail by time */
  key: (c: { kind: 'PHONE' | 'EMAIL'; value: string; at: string; leadId: string }) => ({ pk: `SANDBOX_CONTACT#${c.kind}#${lower(c.value)}`, sk: `${c.at}#${c.leadId}` }),
  queries: {
    /** the sandbox leads of a phone or e-mail that arrived from `from` on */
    since: (kind: 'PHONE' | 'EMAIL', value: string, from: string) => ({ pk: `SANDBOX_CONTACT#${kind}#${lower(value)}`, sk: { gte: from } }),
  },
});
export type SandboxContact = z.infer<typeof SandboxContact.schema>;

export const SandboxRouteSeq = defineEntity({
  entity: 'SandboxRouteSeq',
  version: 1,
  schema: z.object({ ruleId: z.string(), seq: z.number().int().nonnegative() }),
  /** a routing rule's sequence over sandbox leads */
  key: (r: { ruleId: string }) => ({ pk: `SANDBOX_ROUTE#${r.ruleId}`, sk: 'SANDBOX_ROUTE' }),
});
export type SandboxRouteSeq = z.infer<typeof SandboxRouteSeq.schema>;
