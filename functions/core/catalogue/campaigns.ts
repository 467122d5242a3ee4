// Campaigns (spec part 3 §3, §4, §5): the list, the edit read (campaign, validation, bids and campaign
// vendors from one partition), create and update as one transaction each (campaign, validation, bid
// table and the code's uniqueness guard), and the active toggle. Every change stamps who and when and
// moves the revision on; an update based on a stale revision is refused (409).
import { randomUUID } from 'node:crypto';
import { findZip } from '#core/address/zip-lookup.ts';
import { Campaign } from '#entities/campaign.ts';
import { CampaignBid, type CampaignBidEntry } from '#entities/campaign-bid.ts';
import { CampaignValidation } from '#entities/campaign-validation.ts';
import { CampaignVendor } from '#entities/campaign-vendor.ts';
import { CampaignVendorFund } from '#entities/campaign-vendor-fund.ts';
import { Fund } from '#entities/fund.ts';
import { changeUniqueTx, claimUniqueTx, UniqueValue } from '#entities/unique-value.ts';
import { Vendor } from '#entities/vendor.ts';
import { defineCollection, getMany } from '#platform/entity.ts';
import { transactWrite, type TxItem } from '#platform/db.ts';
import { NotFound, ValidationFailed } from '#platform/errors.ts';
import { reportDay } from '#platform/report-day.ts';
import { atRevision, firstRevision, nextRevision } from '#platform/revision.ts';
import type { SessionUser } from '#platform/session-user.ts';
import {
  CAMPAIGN_MESSAGES,
  normaliseBids,
  startsInPast,
  withEbureauAddress,
  type CampaignInput,
  type CampaignUpdateInput,
} from '#shared/campaign.ts';
import { dollarsToCents } from '#shared/money.ts';
import { isCurrent } from './campaign-dates.ts';

type Editor = Pick<SessionUser, 'email'>;

/** The campaign's days as stored: from the start of the start day to the end of the end day (UTC). */
export const startOfDay = (day: string) => `${day}T00:00:00.000Z`;
export const endOfDay = (day: string) => `${day}T23:59:59.999Z`;

/** Current: now lies between the campaign's start and end (the list's default, the wizard's only). */

/** Every campaign by name; `current` keeps only current (true) or only pending and expired (false) ones. */
export async function listCampaigns(current: boolean | undefined, now = new Date().toISOString()): Promise<Campaign[]> {
  const all = await Campaign.query.byName().all();
  return current === undefined ? all : all.filter((c) => isCurrent(c, now) === current);
}

const campaignPartition = defineCollection({
  name: 'campaign edit',
  members: { campaign: Campaign, validation: CampaignValidation, bids: CampaignBid, vendors: CampaignVendor },
  partition: (campaignId: string) => ({ pk: `CAMPAIGN#${campaignId}` }),
});

export interface CampaignVendorView {
  pair: CampaignVendor;
  vendorName: string;
  funds: { link: CampaignVendorFund; name: string; code: string }[];
}

export interface CampaignView {
  campaign: Campaign;
  validation: CampaignValidation;
  bids: CampaignBidEntry[];
  vendors: CampaignVendorView[];
}

/** GET campaign/{id}: one partition Query, then the vendors' names and each pair's fund links. */
export async function readCampaign(campaignId: string): Promise<CampaignView> {
  const part = await campaignPartition.read(campaignId);
  const campaign = part.campaign[0];
  if (!campaign) throw new NotFound(CAMPAIGN_MESSAGES.campaignNotFound);
  const pairs = part.vendors.sort((a, b) => a.vendorId.localeCompare(b.vendorId));
  const [vendors, linksPerPair] = await Promise.all([
    getMany(Object.fromEntries(pairs.map((p) => [p.vendorId, Vendor.ref({ vendorId: p.vendorId })]))),
    Promise.all(pairs.map((p) => CampaignVendorFund.query.ofCampaignVendor(p.campaignVendorId).all())),
  ]);
  const fundIds = [...new Set(linksPerPair.flat().map((l) => l.fundId))];
  const funds = await getMany(Object.fromEntries(fundIds.map((fundId) => [fundId, Fund.ref({ fundId })])));
  return {
    campaign,
    validation: part.validation[0] ?? emptyValidation(campaignId),
    bids: part.bids[0]?.bids ?? [],
    vendors: pairs.map((pair, i) => ({
      pair,
      vendorName: vendors[pair.vendorId]?.name ?? '',
      funds: linksPerPair[i]!.map((link) => ({ link, name: funds[link.fundId]?.name ?? '', code: funds[link.fundId]?.code ?? '' })),
    })),
  };
}

function emptyValidation(campaignId: string): CampaignValidation {
  return {
    campaignId,
    campaignValidationId: campaignId,
    addressLine1Required: false,
    cityRequired: false,
    stateRequired: false,
    zipRequired: false,
    countryRequired: false,
    inEmailRequired: false,
    bzEmailRequired: false,
    inGenderRequired: false,
    inDobRequired: false,
    minAge: 0,
    maxAge: 0,
  };
}

/** The path's days must be the body's (the form sends both). */
function checkDates(input: CampaignInput, path: { startDate: string; endDate: string }): void {
  if (input.StartDate !== path.startDate || input.EndDate !== path.endDate) throw new ValidationFailed(CAMPAIGN_MESSAGES.datesDifferFromPath);
}

/** Bids replace by key (state, or zip) and each zip must lie in its state (address data). */
async function bidTable(input: CampaignInput): Promise<CampaignBidEntry[]> {
  const bids = normaliseBids(input.CallerLeadsBidCampaigns);
  for (const b of bids) {
    if (!b.Zip) continue;
    const place = await findZip(b.Zip);
    if (!place || place.state !== b.State) throw new ValidationFailed(CAMPAIGN_MESSAGES.bidZipOutsideState);
  }
  return bids.map((b) => ({ state: b.State, zip: b.Zip ?? '', bidCents: dollarsToCents(b.Bid) }));
}

function campaignOf(campaignId: string, input: CampaignInput, status: 0 | 1, audit: Pick<Campaign, 'modifiedBy' | 'lastUpdated' | 'revision'>): Campaign {
  return {
    campaignId,
    name: input.Name,
    code: input.Code,
    description: input.Description,
    category: input.Category,
    lob: input.Lob,
    leadType: input.LeadType,
    crmLob: input.CrmLob,
    businessOwner: input.BusinessOwner,
    destination: input.Destination,
    status,
    startDate: startOfDay(input.StartDate),
    endDate: endOfDay(input.EndDate),
    allowDisputes: input.AllowDisputes,
    isLiveTransfer: input.IsLiveTransfer,
    dedupeScope: input.DedupeScope,
    dedupeDays: input.DedupeDays,
    callCenterCheck: input.CallCenterCheck,
    callTimeCheck: input.CallTimeCheck,
    maxRetries: input.MaxRetries,
    retryIntervalMinutes: input.RetryInterval,
    channel: input.Channel,
    checkEbureau: input.CheckEbureau,
    minScore: input.CheckEbureau ? (input.MinScore ?? 0) : 0,
    ...audit,
  };
}

function validationOf(campaignId: string, input: CampaignInput): CampaignValidation {
  // eBureau scores on the address, so it forces every address part on (part 3 §4).
  const v = withEbureauAddress(input.CampaignValidation, input.CheckEbureau);
  return {
    campaignId,
    campaignValidationId: v.CampaignValidationId || campaignId,
    addressLine1Required: v.AddressLine1Required,
    cityRequired: v.CityRequired,
    stateRequired: v.StateRequired,
    zipRequired: v.ZipRequired,
    countryRequired: v.CountryRequired,
    inEmailRequired: v.In_EmailRequired,
    bzEmailRequired: v.Bz_EmailRequired,
    inGenderRequired: v.In_GenderRequired,
    inDobRequired: v.In_dobRequired,
    minAge: v.MinAge ?? 0,
    maxAge: v.MaxAge ?? 0,
    consentCertificateRequired: v.ConsentCertificateRequired ?? false,
  };
}

const duplicateCode = () => new ValidationFailed(CAMPAIGN_MESSAGES.duplicateCode);

/**
 * POST campaign/start/{d}/end/{d}: a new campaign, Active at once (selectable by agents), its code
 * claimed case-insensitively in the same transaction.
 */
export async function createCampaign(
  input: CampaignInput,
  path: { startDate: string; endDate: string },
  editor: Editor,
  now = new Date(),
): Promise<string> {
  checkDates(input, path);
  if (startsInPast(input.StartDate, reportDay(now.toISOString()))) throw new ValidationFailed(CAMPAIGN_MESSAGES.startInPast);
  const bids = await bidTable(input);
  const campaignId = randomUUID();
  await transactWrite([
    Campaign.createTx(campaignOf(campaignId, input, 1, firstRevision(editor, now))),
    CampaignValidation.putTx(validationOf(campaignId, input)),
    CampaignBid.putTx({ campaignId, bids }),
    claimUniqueTx('CAMPAIGN_CODE', input.Code, campaignId, duplicateCode),
  ]);
  return campaignId;
}

/**
 * PATCH campaign/start/{d}/end/{d}: the whole campaign rewritten under the revision the editor read
 * (stale: 409), its validation and bid table replaced, a changed code re-claimed. The status stays as
 * stored: only the active toggle (its own permission) changes it.
 */
export async function updateCampaign(input: CampaignUpdateInput, path: { startDate: string; endDate: string }, editor: Editor, now = new Date()): Promise<void> {
  checkDates(input, path);
  const current = await Campaign.get({ campaignId: input.CampaignId }, { consistent: true });
  if (!current) throw new NotFound(CAMPAIGN_MESSAGES.campaignNotFound);
  const bids = await bidTable(input);
  const campaignId = current.campaignId;
  // Campaigns stored before the guards existed hold none: claim the new code without releasing.
  const guarded = await UniqueValue.get({ kind: 'CAMPAIGN_CODE', value: current.code }, { consistent: true });
  const previous = guarded?.ownerId === campaignId ? current.code : undefined;
  const items: TxItem[] = [
    Campaign.putTx(campaignOf(campaignId, input, current.status, nextRevision(editor, input.Revision, now)), atRevision(input.Revision)),
    CampaignValidation.putTx(validationOf(campaignId, input)),
    CampaignBid.putTx({ campaignId, bids }),
    ...changeUniqueTx('CAMPAIGN_CODE', previous, input.Code, campaignId, duplicateCode),
  ];
  await transactWrite(items);
}

/** POST campaign/{id}/Activate|Inactive: the status, stamped and moved to the next revision. */
export async function setCampaignStatus(campaignId: string, status: 0 | 1, editor: Editor, now = new Date()): Promise<void> {
  await Campaign.patch(
    { campaignId },
    { set: { status, modifiedBy: editor.email, lastUpdated: now.toISOString() }, add: { revision: 1 } },
    { orFail: () => new NotFound(CAMPAIGN_MESSAGES.campaignNotFound) },
  );
}
