// The dedupe rule (#67), shared by the engine's intake and the dispute pre-check: a lead is a
// duplicate when another stored lead (not itself a Duplicate) with the same phone or e-mail arrived
// within the campaign's DedupeDays and in its DedupeScope. The earlier leads are read from the Lead's
// own phone and e-mail indexes (gsi7 `LEAD_PHONE#`, gsi9 `LEAD_EMAIL#`), so storing a lead writes no
// contact item beside it; two same-phone leads of one moment are kept apart by the DedupeLock in the
// lead's transaction (`dedupeLockTx`), which holds far longer than an index takes to show a lead.
import type { Campaign } from '#entities/campaign.ts';
import { DEDUPE_LOCK_SECONDS, DedupeLock } from '#entities/dedupe-lock.ts';
import { Lead } from '#entities/lead.ts';
import { CAMPAIGN_LIMITS } from '#shared/campaign.ts';
import type { TxItem } from '#platform/db.ts';
import { Conflict } from '#platform/errors.ts';

/** An earlier lead with the same phone or e-mail, and which of the two it shares. */
export interface SeenContact {
  kind: 'PHONE' | 'EMAIL';
  leadId: string;
  at: string;
  campaignId: string;
  vendorId?: string;
}

/** The stored leads (Duplicates aside) with this phone (digits) or e-mail that arrived from `from` on. */
export async function contactsSince(phone: string, email: string | undefined, from: string): Promise<SeenContact[]> {
  const of = (kind: SeenContact['kind'], leads: Lead[]) =>
    leads.filter((l) => l.leadStatus !== 'Duplicate').map((l) => ({ kind, leadId: l.leadId, at: l.at, campaignId: l.campaignId, ...(l.vendorId ? { vendorId: l.vendorId } : {}) }));
  const [byPhone, byEmail] = await Promise.all([
    phone ? Lead.query.withPhone(phone).within({ gte: from }).all() : [],
    email ? Lead.query.withEmail(email.toLowerCase()).within({ gte: from }).all() : [],
  ]);
  return [...of('PHONE', byPhone), ...of('EMAIL', byEmail)];
}

/** The earlier leads of a phone (digits) and e-mail from `from` on, read before the campaign (and so its window) is known. */
export interface ContactsAhead {
  phone: string;
  email: string | undefined;
  from: string;
  seen: Promise<SeenContact[]>;
}

/** Reads the contacts of a lead arriving at `at` over the longest window a campaign may set (CAMPAIGN_LIMITS.dedupeDaysMax); a failed read is read again when needed. */
export function contactsAhead(phone: string, email: string | undefined, at: Date): ContactsAhead {
  const from = new Date(at.getTime() - CAMPAIGN_LIMITS.dedupeDaysMax * 86_400_000).toISOString();
  const seen = contactsSince(phone, email, from);
  seen.catch(() => undefined);
  return { phone, email, from, seen };
}

/** Whether an earlier lead counts against a lead of `campaign` posted by `vendorId` (none: a form lead) under the campaign's scope. */
export function inDedupeScope(seen: Pick<SeenContact, 'campaignId' | 'vendorId'>, campaign: Campaign, vendorId: string | undefined): boolean {
  switch (campaign.dedupeScope) {
    case 'All':
      return true;
    case 'Campaign':
      return seen.campaignId === campaign.campaignId;
    case 'Vendor':
      return seen.vendorId === vendorId;
    case 'CampaignVendor':
      return seen.campaignId === campaign.campaignId && seen.vendorId === vendorId;
    default:
      return false;
  }
}

/** Whether the campaign dedupes at all. */
export const dedupes = (campaign: Campaign): boolean => campaign.dedupeScope !== 'None' && campaign.dedupeDays > 0;

/**
 * The earlier leads (itself aside) a lead of `campaign` duplicates: the same phone or e-mail, arrived
 * within DedupeDays before it, in the campaign's scope. The engine asks it of a lead arriving, the
 * dispute pre-check of a stored lead.
 */
export async function duplicatesOf(
  lead: { leadId?: string; at: string; primaryPhone: string; email?: string | undefined; vendorId?: string | undefined },
  campaign: Campaign,
  ahead?: ContactsAhead,
): Promise<SeenContact[]> {
  if (!dedupes(campaign)) return [];
  const from = new Date(Date.parse(lead.at) - campaign.dedupeDays * 86_400_000).toISOString();
  const phone = lead.primaryPhone.replace(/\D/g, '');
  const readAhead = ahead && ahead.phone === phone && ahead.email === lead.email && ahead.from <= from ? await ahead.seen.catch(() => undefined) : undefined;
  const seen = readAhead ?? (await contactsSince(phone, lead.email, from));
  return seen.filter((s) => s.leadId !== lead.leadId && s.at >= from && s.at <= lead.at && inDedupeScope(s, campaign, lead.vendorId));
}

/** A lead that lost the same-phone race: another lead with its phone was stored a moment before. */
export class DuplicateRace extends Conflict {
  constructor() {
    super('A lead with the same phone was stored a moment before.');
  }
}

/** The dedupe scope's part of the lock key. */
const SCOPE_KEYS: Record<Exclude<Campaign['dedupeScope'], 'None'>, (c: Campaign, vendorId: string) => string> = {
  All: () => 'ALL',
  Campaign: (c) => `C#${c.campaignId}`,
  Vendor: (_c, v) => `V#${v}`,
  CampaignVendor: (c, v) => `CV#${c.campaignId}#${v}`,
};

/** The phone's short-lived lock in the campaign's dedupe scope, written with a stored lead: a same-phone lead of the same moment fails on it. */
export function dedupeLockTx(lead: { leadId: string; primaryPhone: string; vendorId?: string | undefined }, campaign: Campaign): TxItem[] {
  if (!dedupes(campaign) || campaign.dedupeScope === 'None' || !lead.primaryPhone) return [];
  const scope = SCOPE_KEYS[campaign.dedupeScope](campaign, lead.vendorId ?? '-');
  const now = Math.floor(Date.now() / 1000);
  return [
    DedupeLock.putTx(
      { phone: lead.primaryPhone, scope, leadId: lead.leadId, expiresAt: now + DEDUPE_LOCK_SECONDS, ttl: now + DEDUPE_LOCK_SECONDS + 3600 },
      { condition: { expression: 'attribute_not_exists(pk) OR expiresAt < :lockNow', values: { ':lockNow': now } }, orFail: () => new DuplicateRace() },
    ),
  ];
}
