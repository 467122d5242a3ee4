// The lead engine's validate stage: the campaign's catalogue as a decision reads it (campaign, its
// validation, the vendor, the pairs the lead comes through, their funds, the call-center list), and the
// lead's fields against it (the campaign's criteria, the zip's state, the eBureau minimum). A lead that
// fails them is answered 400 and nothing is stored. The catalogue's reads go through what this process
// holds of it while its version stays (held-catalogue.ts).
import { findZip } from '#core/address/zip-lookup.ts';
import { isCurrent } from '#core/catalogue/campaign-dates.ts';
import { Campaign } from '#entities/campaign.ts';
import { CampaignValidation } from '#entities/campaign-validation.ts';
import { CampaignVendor } from '#entities/campaign-vendor.ts';
import { CampaignVendorFund } from '#entities/campaign-vendor-fund.ts';
import { ContractMap } from '#entities/contract-map.ts';
import { Fund } from '#entities/fund.ts';
import { Vendor } from '#entities/vendor.ts';
import { getMany, type Ref } from '#platform/entity.ts';
import type { CatalogueContext } from './decide.ts';
import { throughHeld, type HeldCatalogue } from './held-catalogue.ts';
import type { IntakeLeadInput } from './lead-input.ts';
import { providers } from './providers.ts';
import { criteriaMessages, CRITERIA_MESSAGES } from './rules.ts';

export interface CampaignContext extends CatalogueContext {
  campaign: Campaign;
  validation?: CampaignValidation;
  vendor?: Vendor;
  pairs: CampaignVendor[];
}

/**
 * Reads a campaign's catalogue for the lead's vendor (none: a form lead, every pair of the campaign).
 * Two rounds: the campaign, its validation, the vendor and the pairs; then the pairs' fund links and
 * their funds.
 */
async function readCampaignContext(campaignId: string, vendorId: string | undefined): Promise<CampaignContext | undefined> {
  const [{ campaign, validation, vendor }, pairs] = await Promise.all([
    getMany({
      campaign: Campaign.ref({ campaignId }),
      validation: CampaignValidation.ref({ campaignId }),
      ...(vendorId ? { vendor: Vendor.ref({ vendorId }) } : {}),
    } as { campaign: Ref<Campaign>; validation: Ref<CampaignValidation>; vendor?: Ref<Vendor> }),
    CampaignVendor.query.ofCampaign(campaignId).all().then((all) => (vendorId ? all.filter((p) => p.vendorId === vendorId) : all)),
  ]);
  if (!campaign) return undefined;
  const allowCreditLine = (vendor as Vendor | undefined)?.allowCreditLineUse ?? true;
  const links = (await Promise.all(pairs.map((p) => CampaignVendorFund.query.ofCampaignVendor(p.campaignVendorId).all()))).flat().filter((l) => l.isActive);
  const fundPriority = new Map<string, number>();
  for (const l of links) fundPriority.set(l.fundId, Math.min(l.priority, fundPriority.get(l.fundId) ?? Infinity));
  const found = await getMany(Object.fromEntries([...fundPriority.keys()].map((fundId) => [fundId, Fund.ref({ fundId })])));
  const funds = new Map(Object.entries(found).flatMap(([id, f]) => (f ? [[id, f] as const] : [])));
  return { campaign, ...(validation ? { validation } : {}), ...(vendor ? { vendor } : {}), pairs, fundPriority, funds, allowCreditLine };
}

/** A campaign's catalogue for the lead's vendor, through the held catalogue (shared by the leads that read it: never changed). */
export const campaignContext = (catalogue: HeldCatalogue | undefined, campaignId: string, vendorId: string | undefined): Promise<CampaignContext | undefined> =>
  throughHeld(catalogue, `context#${campaignId}#${vendorId ?? ''}`, () => readCampaignContext(campaignId, vendorId));

/** The campaign a vendor names by its code, through the held catalogue. */
export const campaignByCode = (catalogue: HeldCatalogue | undefined, code: string): Promise<Campaign | undefined> => throughHeld(catalogue, `code#${code}`, () => Campaign.query.byCode(code).first());

/** The call-center list of a campaign (its contract map's F9 list; none: ''), read only for a lead routed to the call center. */
export const callCenterListOf = (catalogue: HeldCatalogue | undefined, campaignId: string): Promise<string> =>
  throughHeld(catalogue, `callCenter#${campaignId}`, async () => {
    const contracts = await ContractMap.query.all().all();
    return contracts.find((c) => c.campaignId === campaignId && c.f9List)?.f9List ?? '';
  });

/** The campaign takes leads on the company's day of `at`: Active and current (the one reading of its dates, catalogue/campaign-dates.ts). */
export function campaignOpen(campaign: Campaign, at: Date): boolean {
  return campaign.status === 1 && isCurrent(campaign, at.toISOString());
}

/** The messages of every criterion the lead fails (none: valid), and where its zip is. */
export async function validateLead(input: IntakeLeadInput, ctx: CampaignContext, at: Date): Promise<{ errors: string[]; place: Awaited<ReturnType<typeof findZip>> }> {
  const errors = criteriaMessages(input.lead, ctx.validation, at, { formLead: input.source === 'publicForm', certificateUrl: input.consent.certificateUrl });
  const place = await findZip(input.lead.zipCode);
  if (!place || place.state !== input.lead.stateCode) errors.push(CRITERIA_MESSAGES.zipNotInState);
  // A vendor's pair may set its own eBureau rule; a public form lead came through none (its context holds every pair of the campaign): the campaign's rule.
  const pair = input.vendorId ? ctx.pairs[0] : undefined;
  const minScore = pair?.checkEbureau && pair.minScore > 0 ? pair.minScore : ctx.campaign.checkEbureau ? ctx.campaign.minScore : 0;
  if (minScore > 0) {
    const score = await providers.scoring().score(input.lead);
    if (score < minScore) errors.push(CRITERIA_MESSAGES.score(score, minScore));
  }
  return { errors, place };
}
