// The lead engine's pure decisions, kept apart from any read or write so each is unit-tested: the
// campaign's criteria, the routing rule that applies and its split, whether an order's schedule covers
// an arrival in its agent's time zone, which recipient of an order is next, and distances.
import { LINES_OF_BUSINESS } from '#shared/campaign.ts';
import type { CampaignValidation } from '#entities/campaign-validation.ts';
import type { RoutingRule } from '#entities/routing-rule.ts';
import type { DayName } from '#shared/orders/order.ts';
import { zonedParts } from '#shared/time-zones.ts';
import { companyDay } from '#shared/time-zones.ts';
import type { LeadFields } from './lead-input.ts';

export const CRITERIA_MESSAGES = {
  address1: 'Address1 is required by this campaign.',
  city: 'City is required by this campaign.',
  state: 'StateCode is required by this campaign.',
  zip: 'ZipCode is required by this campaign.',
  email: 'Email is required by this campaign.',
  gender: 'Gender is required by this campaign.',
  birthDate: 'BirthDate is required by this campaign.',
  minAge: (min: number) => `The consumer must be at least ${min} years old for this campaign.`,
  maxAge: (max: number) => `The consumer must be at most ${max} years old for this campaign.`,
  zipNotInState: 'ZipCode is not a zip code of StateCode.',
  score: (score: number, min: number) => `The eBureau score ${score} is below this campaign's minimum of ${min}.`,
  consentCertificate: 'Consent.CertificateUrl is required by this campaign.',
} as const;

/**
 * Whole years between a birth date (YYYY-MM-DD) and the company's day (Central) of `at`, the day every
 * other date rule of the engine counts (campaign and fund dates): a consumer turns 65 on their birthday
 * there, not at 7 pm Central the evening before, when the UTC day turns.
 */
export function ageOn(birthDate: string, at: Date): number {
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
  const today = companyDay(at).split('-').map(Number) as [number, number, number];
  let age = today[0] - y;
  if (today[1] < m || (today[1] === m && today[2] < d)) age--;
  return age;
}

/**
 * The campaign's CampaignValidation against a lead's fields: the messages of every rule it breaks. A
 * public form lead is not held to the campaign's e-mail requirement: part 3 §5 makes the e-mail
 * optional on both forms, so the form's own rules decide it (a visitor cannot be asked for more). Nor
 * to a consent certificate (issue 24): the form's own consent script, version, time and IP are the
 * evidence the company keeps; `certificateUrl` is a vendor lead's Consent.CertificateUrl.
 */
export function criteriaMessages(lead: LeadFields, v: CampaignValidation | undefined, at: Date, opts: { formLead?: boolean; certificateUrl?: string | undefined } = {}): string[] {
  if (!v) return [];
  const blank = (s: string | undefined) => !s || s.trim() === '';
  const out: string[] = [];
  if (v.addressLine1Required && blank(lead.address1)) out.push(CRITERIA_MESSAGES.address1);
  if (v.cityRequired && blank(lead.city)) out.push(CRITERIA_MESSAGES.city);
  if (v.stateRequired && blank(lead.stateCode)) out.push(CRITERIA_MESSAGES.state);
  if (v.zipRequired && blank(lead.zipCode)) out.push(CRITERIA_MESSAGES.zip);
  if ((v.inEmailRequired || v.bzEmailRequired) && blank(lead.email) && !opts.formLead) out.push(CRITERIA_MESSAGES.email);
  if (v.inGenderRequired && (blank(lead.gender) || lead.gender === 'U')) out.push(CRITERIA_MESSAGES.gender);
  const ageLimited = v.minAge > 0 || v.maxAge > 0;
  if ((v.inDobRequired || ageLimited) && blank(lead.birthDate)) out.push(CRITERIA_MESSAGES.birthDate);
  else if (lead.birthDate) {
    const age = ageOn(lead.birthDate, at);
    if (v.minAge > 0 && age < v.minAge) out.push(CRITERIA_MESSAGES.minAge(v.minAge));
    if (v.maxAge > 0 && age > v.maxAge) out.push(CRITERIA_MESSAGES.maxAge(v.maxAge));
  }
  if (v.consentCertificateRequired && !opts.formLead && blank(opts.certificateUrl)) out.push(CRITERIA_MESSAGES.consentCertificate);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Routing rules

/** A campaign's line of business (its `lob`) by the name routing rules list it under. */
const LOB_NAMES: Readonly<Record<number, string>> = Object.fromEntries(LINES_OF_BUSINESS.map((l) => [l.Id, l.Name]));
export const lineOfBusinessName = (lob: number): string => LOB_NAMES[lob] ?? '';

export interface RuleSubject {
  zipCode: string;
  stateCode: string;
  /** The campaign's line of business by name (Health, Medicare, Life, Employer, Supplemental). */
  lineOfBusiness: string;
  campaignId: string;
}

/** A rule matches when every list it fills matches (an empty list matches anything); zips may be 3-digit SCFs. */
export function ruleMatches(rule: Pick<RoutingRule, 'zipCodes' | 'states' | 'linesOfBusiness' | 'campaignIds'>, s: RuleSubject): boolean {
  if (rule.zipCodes.length && !rule.zipCodes.some((z) => (z.length === 3 ? s.zipCode.startsWith(z) : z === s.zipCode))) return false;
  if (rule.states.length && !rule.states.includes(s.stateCode)) return false;
  if (rule.linesOfBusiness.length && !rule.linesOfBusiness.includes(s.lineOfBusiness)) return false;
  if (rule.campaignIds.length && !rule.campaignIds.includes(s.campaignId)) return false;
  return true;
}

/** The first active rule in order (orderRules: by priority, the default rule last) that matches. */
export function ruleFor<R extends RoutingRule>(ordered: readonly R[], s: RuleSubject): R | undefined {
  return ordered.find((r) => r.active && (r.defaultRule || ruleMatches(r, s)));
}

/**
 * Where a rule set sends a lead: the rule that takes it (ruleFor) and, given the rule's sequence
 * number of this lead (1-based), the call center or the post target. No rule: the post target
 * without a rule. The engine numbers with the rule's stored counter; the simulation counts afresh.
 */
export function routeOf<R extends RoutingRule>(ordered: readonly R[], s: RuleSubject, nextSeq: (rule: R) => number): { rule: R; to: 'callCenter' | 'post' } | undefined {
  const rule = ruleFor(ordered, s);
  if (!rule) return undefined;
  return { rule, to: toCallCenter(nextSeq(rule), rule.callCenterPercent) ? 'callCenter' : 'post' };
}

/**
 * Whether the n-th lead (1-based) a rule routes goes to the call center: the call center has taken
 * floor(n × percent / 100) of the first n, so the realised split is never a whole lead off its target.
 */
export function toCallCenter(n: number, callCenterPercent: number): boolean {
  return Math.floor((n * callCenterPercent) / 100) > Math.floor(((n - 1) * callCenterPercent) / 100);
}

// ---------------------------------------------------------------------------------------------
// Schedules, in the order agent's time zone

const WEEKDAYS: Record<string, DayName> = { Mon: 'Monday', Tue: 'Tuesday', Wed: 'Wednesday', Thu: 'Thursday', Fri: 'Friday', Sat: 'Saturday', Sun: 'Sunday' };


/** The day name and minute of the day of a moment in a zone. */
export function localTime(at: Date, ianaZone: string): { day: DayName; minute: number; label: string } {
  const parts = zonedParts(at, ianaZone, 'weekdayMinute');
  const minute = (Number(parts.hour) % 24) * 60 + Number(parts.minute);
  return { day: WEEKDAYS[parts.weekday!]!, minute, label: `${WEEKDAYS[parts.weekday!]} ${parts.hour}:${parts.minute}` };
}

export interface Slot {
  startSlot: number;
  endSlot: number;
  days: readonly DayName[];
}

/**
 * Half-hour slots 0–48 (slot s starts at s × 30 minutes): a slot covers [start, end) on its days. An
 * order without slots takes leads at any time (the wizard's default slot is the whole week).
 */
export function scheduleCovers(slots: readonly Slot[], local: { day: DayName; minute: number }): boolean {
  if (slots.length === 0) return true;
  return slots.some((s) => s.days.includes(local.day) && local.minute >= s.startSlot * 30 && local.minute < s.endSlot * 30);
}

// ---------------------------------------------------------------------------------------------
// Distribution within an order

export interface Share {
  agentId: string;
  percentage: number;
}

/** Who may receive: the order's owner, and the other recipients marked taking leads (`active`). */
export interface Eligible {
  owner: string;
  active: Readonly<Record<string, boolean>>;
}

const mayReceive = (eligible: Eligible | undefined, agentId: string): boolean => !eligible || agentId === eligible.owner || eligible.active[agentId] === true;

/**
 * The recipient of an order's next lead among the `eligible` (default: every recipient): the one
 * furthest behind its share of n + 1 leads. Each recipient's count then stays within one lead of
 * percentage × n / 100 (largest deficit first). The lead engine asks it of every candidate of every
 * lead, so an order with one recipient is answered without the sums.
 */
export function pickRecipient(shares: readonly Share[], received: Readonly<Record<string, number>>, eligible?: Eligible): string | undefined {
  if (shares.length === 1) {
    const only = shares[0]!;
    return only.percentage > 0 && mayReceive(eligible, only.agentId) ? only.agentId : undefined;
  }
  const live = shares.filter((s) => s.percentage > 0 && mayReceive(eligible, s.agentId));
  if (live.length === 0) return undefined;
  const total = live.reduce((n, s) => n + s.percentage, 0);
  const n = live.reduce((sum, s) => sum + (received[s.agentId] ?? 0), 0);
  let best: Share | undefined;
  let bestDeficit = -Infinity;
  for (const s of live) {
    const deficit = ((n + 1) * s.percentage) / total - (received[s.agentId] ?? 0);
    if (deficit > bestDeficit + 1e-9) {
      best = s;
      bestDeficit = deficit;
    }
  }
  return best?.agentId;
}
