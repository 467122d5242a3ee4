// The dedupe index items of a lead (data-model §2.5 LeadContact, by phone and by e-mail): one item per
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

/** Shards of a day's performance cells: each lead's sales ADD to one (by its id), so no partition takes every sale of the day. */
export const PERFORMANCE_SHARDS = 8;

/**
 * The performance reports' day aggregate (#90), one cell per fund, campaign and vendor in each of the
 * day's PERFORMANCE_SHARDS partitions: the projector's performance view ADDs each sale and approved
 * credit to its lead's shard (views/performance-view.ts); a reader sums a cell over the shards.
 */
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
    /** The stored cell's shard (a cell summed over the shards has none). */
    shard: z.number().int().nonnegative().optional(),
  }),
  key: (p: { day: string; shard?: number; fundId: string; campaignId: string; vendorId: string }) => ({ pk: `PERF_DAY#${p.day}#${p.shard ?? 0}`, sk: `${p.fundId}#${p.campaignId}#${p.vendorId}` }),
  queries: {
    ofDayShard: (day: string, shard: number) => ({ pk: `PERF_DAY#${day}#${shard}` }),
  },
});
export type PerformanceDay = z.infer<typeof PerformanceDay.schema>;

/**
 * A day's performance version: raised by the performance view once per batch that wrote one of the
 * day's cells (after the cells), so a reader holding the day's summed cells reads them again only when
 * it moved (core/reports/performance-cells.ts). A closed day's summed cells are stored beside it by the
 * first reader, with the version they were read at: used only while that is still the version.
 */
export const PerformanceDayVersion = defineEntity({
  entity: 'PerformanceDayVersion',
  version: 1,
  schema: z.object({ day: z.string(), version: z.number().int().nonnegative(), cellsVersion: z.number().int().optional(), cells: z.string().optional() }),
  key: (v: { day: string }) => ({ pk: `PERF_VERSION#${v.day}`, sk: 'VERSION' }),
});
export type PerformanceDayVersion = z.infer<typeof PerformanceDayVersion.schema>;

/** A vendor's posts in one minute (the intake rate limit): ADD under the limit, gone after an hour. */
export const IntakeRate = defineEntity({
  entity: 'IntakeRate',
  version: 1,
  schema: z.object({ vendorId: z.string(), minute: z.string(), count: z.number().int().nonnegative(), ttl: z.number().int() }),
  key: (r: { vendorId: string; minute: string }) => ({ pk: `RATE#${r.vendorId}`, sk: r.minute }),
});
export type IntakeRate = z.infer<typeof IntakeRate.schema>;
