// What Ping History keeps in its URL (?campaign=&vendor=&start=&end=&page=&sort=&desc=): the criteria
// last submitted, so a reload or a shared link shows the same pings; and how its rows read (part 3 §9).
import { z } from 'zod';
import { isCodeText, PING_SORT_COLUMNS } from '#shared/api/reports-ping.ts';
import { COMPANY_TIME_ZONE, zonedParts } from '#shared/time-zones.ts';
import { pageSearchSchema, sortSearchSchema } from '@/components/server-table.ts';
import type { PingHistoryCriteria } from './api/get-ping-history.ts';

/** Part 3 §4, §9: "Ping history fetching is debounced 1200 ms." */
export const PING_HISTORY_DEBOUNCE_MS = 1200;

const code = z.string().trim().min(1).max(50).refine(isCodeText).optional().catch(undefined);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional().catch(undefined);

export const pingHistorySearchSchema = z
  .object({ campaign: code, vendor: code, start: day, end: day })
  .extend(pageSearchSchema.shape)
  .extend(sortSearchSchema(PING_SORT_COLUMNS, 'Timestamp').shape);
export type PingHistorySearch = z.infer<typeof pingHistorySearchSchema>;

/** The submitted criteria, or undefined before a Submit (nothing is fetched then). */
export function criteriaOf(s: PingHistorySearch): PingHistoryCriteria | undefined {
  if (!s.campaign || !s.vendor || !s.start || !s.end) return undefined;
  return { campaignCode: s.campaign, vendorCode: s.vendor, startDate: s.start, endDate: s.end, page: s.page, sort: s.sort, desc: s.desc };
}

/** Reports' times: MM/DD/YYYY h:mm:ss AM in the company's reporting zone (Central), where the days are counted. */
export function formatPingTime(iso: string): string {
  const parts = zonedParts(new Date(iso), COMPANY_TIME_ZONE, 'reportTime');
  return `${parts.month}/${parts.day}/${parts.year} ${parts.hour}:${parts.minute}:${parts.second} ${parts.dayPeriod}`;
}
