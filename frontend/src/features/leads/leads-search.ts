// My Leads' URL and date range (part 3 §5, §9): the page, the applied range, the distribution and the
// advanced filters live in the search params; the range defaults to the last 5 days up to today in the
// viewed agent's time zone, may span at most 90 days, and has the presets this week, last week, this
// month, last month and custom.
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { z } from 'zod';
import { DISTRIBUTIONS, LEADS_MAX_RANGE_DAYS, LEADS_RANGE_TOO_LONG, leadFiltersSchema, type LeadFilters } from '#shared/api/leads.ts';
import { DEFAULT_TIME_ZONE, isKnownTimeZone, TIME_ZONES } from '#shared/time-zones.ts';
import { pageSearchSchema } from '@/components/server-table.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

export const DAY_FORMAT = 'YYYY-MM-DD';
/** Part 3 §9: default range the last 5 days; filters apply after 1 s. */
export const DEFAULT_RANGE_DAYS = 5;
export const FILTER_DELAY_MS = 1_000;

export interface DayRange {
  startDate: string;
  endDate: string;
}

export const PRESETS = ['thisWeek', 'lastWeek', 'thisMonth', 'lastMonth', 'custom'] as const;
export type Preset = (typeof PRESETS)[number];
export const PRESET_LABELS: Record<Preset, string> = {
  thisWeek: 'This week',
  lastWeek: 'Last week',
  thisMonth: 'This month',
  lastMonth: 'Last month',
  custom: 'Custom',
};

const zoneOf = (name: string | null | undefined) => TIME_ZONES[isKnownTimeZone(name) ? name : DEFAULT_TIME_ZONE];
const today = (timeZoneName: string | null | undefined, now: Date) => dayjs(now).tz(zoneOf(timeZoneName));

export function defaultRange(timeZoneName: string | null | undefined, now: Date = new Date()): DayRange {
  const day = today(timeZoneName, now);
  return { startDate: day.subtract(DEFAULT_RANGE_DAYS, 'day').format(DAY_FORMAT), endDate: day.format(DAY_FORMAT) };
}

/**
 * A preset's days in the agent's time zone, the current ones up to today. Weeks run Monday to Sunday, as
 * the order's weekly cap counts them (its Used per week) and the schedule's calendar shows them (part 2:
 * 'Week starts Monday'), so an agent can set this week's leads beside the cap.
 */
export function presetRange(preset: Exclude<Preset, 'custom'>, timeZoneName: string | null | undefined, now: Date = new Date()): DayRange {
  // Calendar arithmetic on the local day, free of the zone's offsets.
  const local = dayjs.utc(today(timeZoneName, now).format(DAY_FORMAT));
  const fmt = (d: dayjs.Dayjs) => d.format(DAY_FORMAT);
  const weekStart = local.subtract((local.day() + 6) % 7, 'day');
  switch (preset) {
    case 'thisWeek':
      return { startDate: fmt(weekStart), endDate: fmt(local) };
    case 'lastWeek':
      return { startDate: fmt(weekStart.subtract(7, 'day')), endDate: fmt(weekStart.subtract(1, 'day')) };
    case 'thisMonth':
      return { startDate: fmt(local.startOf('month')), endDate: fmt(local) };
    case 'lastMonth': {
      const last = local.startOf('month').subtract(1, 'day');
      return { startDate: fmt(last.startOf('month')), endDate: fmt(last) };
    }
  }
}

/** The problem with a picked range, or undefined when the table can ask for it. */
export function rangeProblem(range: { startDate: string | null; endDate: string | null }): string | undefined {
  if (!range.startDate || !range.endDate) return 'Choose both a From and a To date.';
  if (range.endDate < range.startDate) return 'To cannot be before From.';
  if (dayjs.utc(range.endDate).diff(dayjs.utc(range.startDate), 'day') > LEADS_MAX_RANGE_DAYS) return LEADS_RANGE_TOO_LONG;
  return undefined;
}

/**
 * Keeps a range in order and within 90 days when one end moves (part 3 §5): the other end follows.
 * `moved` is the end the user changed.
 */
export function keepInOrder(range: { startDate: string | null; endDate: string | null }, moved: 'start' | 'end'): { startDate: string | null; endDate: string | null } {
  const { startDate, endDate } = range;
  if (!startDate || !endDate) return range;
  const start = dayjs.utc(startDate);
  const end = dayjs.utc(endDate);
  if (moved === 'start') {
    if (end.isBefore(start)) return { startDate, endDate: startDate };
    if (end.diff(start, 'day') > LEADS_MAX_RANGE_DAYS) return { startDate, endDate: start.add(LEADS_MAX_RANGE_DAYS, 'day').format(DAY_FORMAT) };
  } else {
    if (end.isBefore(start)) return { startDate: endDate, endDate };
    if (end.diff(start, 'day') > LEADS_MAX_RANGE_DAYS) return { startDate: end.subtract(LEADS_MAX_RANGE_DAYS, 'day').format(DAY_FORMAT), endDate };
  }
  return range;
}

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

const f = leadFiltersSchema.shape;

/** `?page=2&from=..&to=..&distribution=received&lastName=..`: without a range, the default one. A filter value the server would refuse is dropped rather than breaking the page. */
export const leadsSearchSchema = pageSearchSchema.extend({
  from: day.optional(),
  to: day.optional(),
  distribution: z.enum(DISTRIBUTIONS).default('all'),
  leadId: f.leadId.catch(undefined),
  phone: f.phone.catch(undefined),
  firstName: f.firstName.catch(undefined),
  lastName: f.lastName.catch(undefined),
  state: f.state.catch(undefined),
  fundId: f.fundId.catch(undefined),
  campaignId: f.campaignId.catch(undefined),
  vendorId: f.vendorId.catch(undefined),
  disputeStatus: f.disputeStatus.catch(undefined),
});
export type LeadsSearch = z.infer<typeof leadsSearchSchema>;

export const FILTER_KEYS = Object.keys(leadFiltersSchema.shape) as (keyof LeadFilters)[];

export function filtersOf(search: LeadsSearch): LeadFilters {
  const out: LeadFilters = {};
  for (const key of FILTER_KEYS) if (search[key] !== undefined && search[key] !== '') (out as Record<string, unknown>)[key] = search[key];
  return out;
}

export function rangeOfSearch(search: LeadsSearch, timeZoneName: string | null | undefined): DayRange {
  return search.from && search.to ? { startDate: search.from, endDate: search.to } : defaultRange(timeZoneName);
}
