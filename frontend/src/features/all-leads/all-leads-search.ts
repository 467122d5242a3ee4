// All Leads' filters in the URL (spec part 3 §2, §5, §9) and the GET leadstable request they make:
// campaign, vendor, month (or all months) and year (the current year and the 9 before it), lead ID
// (digits only, up to 9) and phone (masked (999) 999-9999, sent once all 10 digits are typed).
import { z } from 'zod';
import { pageSearchSchema } from '@/components/server-table.ts';
import { ALL_LEADS_MESSAGES, ALL_LEADS_PAGE_SIZE, ALL_LEADS_YEARS } from '#shared/api/all-leads.ts';
import { maskPhone } from '#shared/sales-forms.ts';

/** 1..12, or 0 for every month of the year. */
export const ALL_MONTHS = 0;
export const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

/** The year choices: this year first, then the 9 before it. */
export function yearChoices(today = new Date()): number[] {
  const year = today.getFullYear();
  return Array.from({ length: ALL_LEADS_YEARS }, (_, i) => year - i);
}

export const allLeadsSearchSchema = pageSearchSchema.extend({
  campaign: z.string().max(64).default(''),
  vendor: z.string().max(64).default(''),
  /** Left out, the page opens on the month of the newest lead (openingMonths) and writes it here. */
  month: z.number().int().min(0).max(12).optional(),
  year: z.number().int().min(2000).max(2099).optional(),
  leadId: z.string().max(9).default(''),
  phone: z.string().max(14).default(''),
  /** The lead open in the detail drawer (its user-facing number). */
  lead: z.number().int().positive().optional(),
});
export type AllLeadsSearch = z.infer<typeof allLeadsSearchSchema>;

export const TEXT_FILTER_KEYS = ['leadId', 'phone'] as const;

/** Lead ID as typed: digits only, at most 9 (anything else is dropped). */
export const leadIdInput = (raw: string) => raw.replace(/\D/g, '').slice(0, 9);
export const phoneInput = (raw: string) => maskPhone(raw);
const phoneDigits = (text: string) => text.replace(/\D/g, '');

/** The message under the phone field while it holds part of a number; it is not sent until complete. */
export function phoneProblem(text: string): string | null {
  const digits = phoneDigits(text);
  return digits.length === 0 || digits.length === 10 ? null : ALL_LEADS_MESSAGES.phone;
}

/** A month (1..12, or ALL_MONTHS) of a year: what the Month and Year filters choose. */
export interface Period {
  month: number;
  year: number;
}

/** How far back the opening month is looked for: this month and the 12 before it. */
export const OPENING_MONTHS_BACK = 12;

/**
 * The months the page may open on, newest first: this month (the browser's), then the ones before it.
 * The page opens on the first of them with a lead, so on the 1st of a month, before that day's first
 * lead, it opens on last month rather than on an empty table.
 */
export function openingMonths(today = new Date(), back = OPENING_MONTHS_BACK): Period[] {
  return Array.from({ length: back + 1 }, (_, i) => {
    const at = new Date(today.getFullYear(), today.getMonth() - i, 1);
    return { month: at.getMonth() + 1, year: at.getFullYear() };
  });
}

/** The month's (or year's) first and last day, YYYY-MM-DD. */
export function rangeOf(year: number, month: number): { startDate: string; endDate: string } {
  if (month === ALL_MONTHS) return { startDate: `${year}-01-01`, endDate: `${year}-12-31` };
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const mm = String(month).padStart(2, '0');
  return { startDate: `${year}-${mm}-01`, endDate: `${year}-${mm}-${String(last).padStart(2, '0')}` };
}

export interface AllLeadsRequest {
  params: { startDate: string; endDate: string };
  query: { page: number; pageSize: number; sortColumnName: 'LeadTimeStamp'; sortOrder: 'desc'; campaignId?: string; vendorId?: string; leadId?: string; phone?: string };
}

/** GET leadstable's path and query for the applied filters (a partial phone is left out). */
export function allLeadsRequest(search: Pick<AllLeadsSearch, 'page' | 'campaign' | 'vendor' | 'leadId' | 'phone'> & Period): AllLeadsRequest {
  const phone = phoneDigits(search.phone);
  return {
    params: rangeOf(search.year, search.month),
    query: {
      page: search.page,
      pageSize: ALL_LEADS_PAGE_SIZE,
      sortColumnName: 'LeadTimeStamp',
      sortOrder: 'desc',
      ...(search.campaign ? { campaignId: search.campaign } : {}),
      ...(search.vendor ? { vendorId: search.vendor } : {}),
      ...(/^\d{1,9}$/.test(search.leadId) && Number(search.leadId) > 0 ? { leadId: search.leadId } : {}),
      ...(phone.length === 10 ? { phone } : {}),
    },
  };
}
