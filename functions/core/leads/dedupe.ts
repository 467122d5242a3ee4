// The dedupe rule (#67), shared by the engine's intake and the dispute pre-check: a lead is a
// duplicate when another stored lead (not itself a Duplicate) with the same phone or e-mail arrived
// within the campaign's DedupeDays and in its DedupeScope. The earlier leads are read from the Lead's
// own phone and e-mail indexes (gsi7 `LEAD_PHONE#`, gsi9 `LEAD_EMAIL#`), so storing a lead writes no
// contact item beside it; two same-phone leads of one moment are kept apart by the DedupeLock in the
// lead's transaction (engine.ts), which holds far longer than an index takes to show a lead.
import type { Campaign } from '#entities/campaign.ts';
import { Lead } from '#entities/lead.ts';

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
