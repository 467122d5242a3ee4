// The performance reports' day cells (data-model §2.8). The lead dedupe items that gave this module
// its name are gone: dedupe reads the Lead's phone and e-mail indexes (core/leads/dedupe.ts).
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';

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
