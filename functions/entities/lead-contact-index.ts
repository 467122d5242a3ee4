// The dedupe index items of a lead (data-model §2.5 LeadByPhone, and the same by e-mail): one item per
// phone and per e-mail under the contact's partition, sorted by arrival, carrying the campaign and
// vendor so the campaign's DedupeScope is checked on the items read. Kept until the longest dedupe
// window could still see them (ttl).
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';

export const LeadContact = defineEntity({
  entity: 'LeadContact',
  version: 1,
  schema: z.object({
    kind: z.enum(['PHONE', 'EMAIL']),
    /** Phone digits, or the lower-cased e-mail. */
    value: z.string(),
    at: z.string(),
    leadId: z.string(),
    campaignId: z.string(),
    vendorId: z.string().optional(),
    ttl: z.number().int(),
  }),
  key: (c: { kind: 'PHONE' | 'EMAIL'; value: string; at: string; leadId: string }) => ({ pk: `${c.kind}#${c.value}`, sk: `${c.at}#${c.leadId}` }),
  queries: {
    /** leads with this phone or e-mail since a moment (#67) */
    since: (kind: 'PHONE' | 'EMAIL', value: string, from: string) => ({ pk: `${kind}#${value}`, sk: { gte: from } }),
  },
});
export type LeadContact = z.infer<typeof LeadContact.schema>;

/** A lead's user-facing number → its id (#68). */
export const LeadNumber = defineEntity({
  entity: 'LeadNumber',
  version: 1,
  schema: z.object({ userFacingLeadId: z.number().int().positive(), leadId: z.string() }),
  key: (n: { userFacingLeadId: number }) => ({ pk: `LEAD_NUMBER#${n.userFacingLeadId}`, sk: 'LEAD_NUMBER' }),
});
export type LeadNumber = z.infer<typeof LeadNumber.schema>;

/** The performance reports' day aggregate (#90), ADDed in every purchase transaction. */
export const PerformanceDay = defineEntity({
  entity: 'PerformanceDay',
  version: 1,
  schema: z.object({
    day: z.string(),
    fundId: z.string(),
    campaignId: z.string(),
    vendorId: z.string(),
    leadsPurchased: z.number().int().nonnegative(),
    leadsCredited: z.number().int().nonnegative(),
    totalLeads: z.number().int().nonnegative(),
    scoreSum: z.number().nonnegative(),
    agentPriceSumCents: z.number().int().nonnegative(),
    companyPriceSumCents: z.number().int().nonnegative(),
  }),
  key: (p: { day: string; fundId: string; campaignId: string; vendorId: string }) => ({ pk: `PERF_DAY#${p.day}`, sk: `${p.fundId}#${p.campaignId}#${p.vendorId}` }),
});
export type PerformanceDay = z.infer<typeof PerformanceDay.schema>;

/** A vendor's posts in one minute (the intake rate limit): ADD under the limit, gone after an hour. */
export const IntakeRate = defineEntity({
  entity: 'IntakeRate',
  version: 1,
  schema: z.object({ vendorId: z.string(), minute: z.string(), count: z.number().int().nonnegative(), ttl: z.number().int() }),
  key: (r: { vendorId: string; minute: string }) => ({ pk: `RATE#${r.vendorId}`, sk: r.minute }),
});
export type IntakeRate = z.infer<typeof IntakeRate.schema>;
