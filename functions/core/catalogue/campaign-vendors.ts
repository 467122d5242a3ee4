// Campaign vendors (spec part 3 §3, §4, §7; part 2 §3 campaign vendor record): the (campaign, vendor)
// pairs with their prices, and their fund selections (a fund's makeup). Every change of a pair's fund
// links is one transaction together with the fund's makeup history rows (Added, Removed,
// PriorityChange, ActiveChange), and conditioned on the pair still existing, so a save that fails
// half-way leaves nothing behind and a retry of the same selections finishes it.
import { randomUUID } from 'node:crypto';
import { AgentProfile } from '#entities/agent-profile.ts';
import { Campaign } from '#entities/campaign.ts';
import { CampaignVendor } from '#entities/campaign-vendor.ts';
import { CampaignVendorFund } from '#entities/campaign-vendor-fund.ts';
import { Fund } from '#entities/fund.ts';
import { FundMakeupHistory, type MakeupChangeType } from '#entities/fund-makeup-history.ts';
import { Vendor } from '#entities/vendor.ts';
import { getMany } from '#platform/entity.ts';
import { MAX_TRANSACTION_ITEMS, transactWrite, type TxItem } from '#platform/db.ts';
import { Conflict, NotFound, ValidationFailed } from '#platform/errors.ts';
import { atRevision, firstRevision, nextRevision } from '#platform/revision.ts';
import type { SessionUser } from '#platform/session-user.ts';
import { CAMPAIGN_LIMITS, CAMPAIGN_MESSAGES, type CampaignVendorInput, type CampaignVendorUpdateInput, type FundSelectionDto } from '#shared/campaign.ts';
import type { AgentType } from '#shared/funds.ts';
import { dollarsToCents } from '#shared/money.ts';
import { isStaff } from '#shared/permissions.ts';
import { isCurrent } from './campaign-dates.ts';

type Editor = Pick<SessionUser, 'email'>;

const notFound = () => new NotFound(CAMPAIGN_MESSAGES.campaignVendorNotFound);

/** A pair by its id (gsi1), or 404. */
export async function campaignVendorById(campaignVendorId: string): Promise<CampaignVendor> {
  const pair = await CampaignVendor.query.byId(campaignVendorId).first();
  if (!pair) throw notFound();
  return pair;
}

// ---------------------------------------------------------------------------------------------
// GET campaignVendors

export interface CampaignVendorRecord {
  campaign: Campaign;
  vendors: { pair: CampaignVendor; vendor: Vendor }[];
}

/** Which agent types a campaign channel serves: Both everyone; Captive the captive and first-family agents; Broker brokers. */
const channelServes = (channel: Campaign['channel'], type: AgentType) => channel === 'Both' || (channel === 'Broker' ? type === 1 : type !== 1);

/**
 * The current campaigns with their vendors, sorted by Lob then name (the wizard groups by Lob). Agents
 * see only active campaigns of their channel and active vendors; staff see every current pair.
 */
export async function listCampaignVendorRecords(user: SessionUser, now = new Date().toISOString()): Promise<{ agentType?: AgentType; records: CampaignVendorRecord[] }> {
  const staff = isStaff(user.flags);
  const profile = !staff && user.agentId ? await AgentProfile.get({ agentId: user.agentId }) : undefined;
  if (!staff && !profile) return { records: [] };
  const [campaigns, pairs, vendors] = await Promise.all([Campaign.query.byName().all(), CampaignVendor.query.all().all(), Vendor.query.byName().all()]);
  const vendorById = new Map(vendors.map((v) => [v.vendorId, v]));
  const visible = campaigns.filter((c) => isCurrent(c, now) && (staff || (c.status === 1 && channelServes(c.channel, profile!.type))));
  const records = visible.map((campaign) => ({
    campaign,
    vendors: pairs
      .filter((p) => p.campaignId === campaign.campaignId)
      .flatMap((pair) => {
        const vendor = vendorById.get(pair.vendorId);
        return vendor && (staff || vendor.status === 1) ? [{ pair, vendor }] : [];
      })
      .sort((a, b) => a.vendor.name.localeCompare(b.vendor.name)),
  }));
  records.sort((a, b) => a.campaign.lob - b.campaign.lob || a.campaign.name.localeCompare(b.campaign.name));
  return { ...(profile ? { agentType: profile.type } : {}), records };
}

// ---------------------------------------------------------------------------------------------
// POST / PATCH / DELETE campaignVendors

const cents = (dollars: number | null | undefined) => (dollars == null ? 0 : dollarsToCents(dollars));

function pairOf(input: CampaignVendorInput, campaignVendorId: string, audit: Pick<CampaignVendor, 'modifiedBy' | 'lastUpdated' | 'revision'>): CampaignVendor {
  return {
    campaignVendorId,
    campaignId: input.CampaignId,
    vendorId: input.VendorId,
    vendorPriceCents: dollarsToCents(input.VendorPrice),
    maxPriceCents: cents(input.MaxPrice),
    captivePriceCents: cents(input.CaptivePrice),
    brokerPriceCents: cents(input.BrokerPrice),
    checkEbureau: input.CheckEbureau,
    minScore: input.CheckEbureau ? (input.MinScore ?? 0) : 0,
    ...audit,
  };
}

/** A new pair of an existing campaign and vendor; the pair is the key, so it exists once (409). */
export async function createCampaignVendor(input: CampaignVendorInput, editor: Editor, now = new Date()): Promise<string> {
  const { campaign, vendor } = await getMany({ campaign: Campaign.ref({ campaignId: input.CampaignId }), vendor: Vendor.ref({ vendorId: input.VendorId }) });
  if (!campaign) throw new NotFound(CAMPAIGN_MESSAGES.campaignNotFound);
  if (!vendor) throw new NotFound(CAMPAIGN_MESSAGES.vendorNotFound);
  const campaignVendorId = randomUUID();
  await CampaignVendor.create(pairOf(input, campaignVendorId, firstRevision(editor, now)), { orFail: () => new Conflict(CAMPAIGN_MESSAGES.pairExists) });
  return campaignVendorId;
}

/** The pair's prices and eBureau score under the revision read; its campaign and vendor cannot change. */
export async function updateCampaignVendor(input: CampaignVendorUpdateInput, editor: Editor, now = new Date()): Promise<string> {
  const current = await campaignVendorById(input.CampaignVendorId);
  if (current.campaignId !== input.CampaignId || current.vendorId !== input.VendorId) throw new ValidationFailed(CAMPAIGN_MESSAGES.pairUnchangeable);
  await CampaignVendor.put(pairOf(input, current.campaignVendorId, nextRevision(editor, input.Revision, now)), atRevision(input.Revision));
  return current.campaignVendorId;
}

/** The pair and its fund links, with a Removed makeup row per link, in one transaction. */
export async function deleteCampaignVendor(campaignVendorId: string, editor: Editor, now = new Date()): Promise<void> {
  const pair = await campaignVendorById(campaignVendorId);
  const [links, names] = await Promise.all([CampaignVendorFund.query.ofCampaignVendor(campaignVendorId).all(), namesOf(pair)]);
  const history = historyWriter(pair, names, editor, now);
  await transactWrite([
    CampaignVendor.deleteTx(pair, { condition: { expression: 'attribute_exists(pk)' }, orFail: notFound }),
    ...links.flatMap((link) => [CampaignVendorFund.deleteTx(link), history(link, 'Removed')]),
  ]);
}

// ---------------------------------------------------------------------------------------------
// Fund selections (PUT fund/campaignvendorfunds) and the link toggle (PATCH cvf/enable|disable/{id})

export interface PairNames {
  campaignName: string;
  vendorName: string;
}

async function namesOf(pair: CampaignVendor): Promise<PairNames> {
  const { campaign, vendor } = await getMany({ campaign: Campaign.ref({ campaignId: pair.campaignId }), vendor: Vendor.ref({ vendorId: pair.vendorId }) });
  return { campaignName: campaign?.name ?? '', vendorName: vendor?.name ?? '' };
}

/**
 * The makeup history row of a link change, with the pair's names as they are now (history keeps
 * them). Every writer, API and seed, builds the row here.
 */
export function makeupRow(
  change: { pair: Pick<CampaignVendor, 'campaignVendorId'>; names: PairNames; link: Pick<CampaignVendorFund, 'fundId' | 'priority' | 'isActive'>; changeType: MakeupChangeType },
  stamp: { by: string; at: string; historyId?: string },
): FundMakeupHistory {
  return {
    fundId: change.link.fundId,
    historyId: stamp.historyId ?? randomUUID(),
    modified: stamp.at,
    modifiedBy: stamp.by,
    campaignVendorId: change.pair.campaignVendorId,
    ...change.names,
    priority: change.link.priority,
    isActive: change.link.isActive,
    changeType: change.changeType,
  };
}

/** A makeup history row for a link change, as a transaction item. */
function historyWriter(pair: CampaignVendor, names: PairNames, editor: Editor, now: Date) {
  return (link: Pick<CampaignVendorFund, 'fundId' | 'priority' | 'isActive'>, changeType: MakeupChangeType): TxItem =>
    FundMakeupHistory.putTx(makeupRow({ pair, names, link, changeType }, { by: editor.email, at: now.toISOString() }));
}

export interface SavedFundLink {
  link: CampaignVendorFund;
  name: string;
  code: string;
}

/**
 * Apply the Funds dialog's selections to one pair: AddFund creates a link, DeleteFund removes it,
 * UpdateFund and None keep it with the priority and active flag sent. The kept links are renumbered
 * 1..n in the order of the priorities sent. One transaction writes the link changes, a makeup row per
 * change, and a check that the pair still exists (no link is left pointing at a deleted pair).
 */
export async function saveFundSelections(selections: FundSelectionDto[], editor: Editor, now = new Date()): Promise<SavedFundLink[]> {
  if (selections.length === 0) return [];
  const pair = await campaignVendorById(selections[0]!.CampaignVendorId);
  const [existing, names, funds] = await Promise.all([
    CampaignVendorFund.query.ofCampaignVendor(pair.campaignVendorId).all(),
    namesOf(pair),
    getMany(Object.fromEntries(selections.map((s) => [s.FundId, Fund.ref({ fundId: s.FundId })]))),
  ]);
  if (selections.some((s) => !funds[s.FundId])) throw new ValidationFailed(CAMPAIGN_MESSAGES.fundNotFound);

  const before = new Map(existing.map((l) => [l.fundId, l]));
  // The wanted set: what is stored, changed by the selections (the dialog may omit untouched links).
  const wanted = new Map(existing.map((l, i) => [l.fundId, { fundId: l.fundId, priority: l.priority, isActive: l.isActive, order: i }]));
  selections.forEach((s, i) => {
    if (s.Action === 'DeleteFund') wanted.delete(s.FundId);
    else wanted.set(s.FundId, { fundId: s.FundId, priority: s.Priority, isActive: s.IsActive, order: existing.length + i });
  });
  const kept = [...wanted.values()].sort((a, b) => a.priority - b.priority || a.order - b.order);
  if (kept.length > CAMPAIGN_LIMITS.fundsPerCampaignVendor) throw new ValidationFailed(CAMPAIGN_MESSAGES.tooManyFunds);

  const history = historyWriter(pair, names, editor, now);
  const modifiedAt = now.toISOString();
  const items: TxItem[] = [CampaignVendor.checkTx(pair, { expression: 'attribute_exists(pk)' }, notFound)];
  const saved: CampaignVendorFund[] = [];
  kept.forEach((w, i) => {
    const priority = i + 1;
    const old = before.get(w.fundId);
    if (!old) {
      const link: CampaignVendorFund = { campaignVendorFundId: randomUUID(), campaignVendorId: pair.campaignVendorId, fundId: w.fundId, priority, isActive: w.isActive, modifiedAt, modifiedBy: editor.email };
      items.push(CampaignVendorFund.createTx(link, { orFail: changedMeanwhile }), history(link, 'Added'));
      saved.push(link);
      return;
    }
    const link: CampaignVendorFund = { ...old, priority, isActive: w.isActive };
    const changes: MakeupChangeType[] = [
      ...(old.priority !== priority ? (['PriorityChange'] as const) : []),
      ...(old.isActive !== w.isActive ? (['ActiveChange'] as const) : []),
    ];
    if (changes.length) {
      const stamped = { ...link, modifiedAt, modifiedBy: editor.email };
      items.push(CampaignVendorFund.putTx(stamped, { condition: { expression: 'attribute_exists(pk)' }, orFail: changedMeanwhile }), ...changes.map((c) => history(stamped, c)));
      saved.push(stamped);
    } else saved.push(old);
  });
  for (const old of existing) {
    if (!wanted.has(old.fundId)) items.push(CampaignVendorFund.deleteTx(old, { condition: { expression: 'attribute_exists(pk)' }, orFail: changedMeanwhile }), history(old, 'Removed'));
  }
  if (items.length > MAX_TRANSACTION_ITEMS) throw new ValidationFailed(CAMPAIGN_MESSAGES.tooManyFunds);
  if (items.length > 1) await transactWrite(items);
  return saved.map((link) => ({ link, name: funds[link.fundId]?.name ?? '', code: funds[link.fundId]?.code ?? '' }));
}

/** Someone else changed this pair's links between the read and the write. */
const changedMeanwhile = () => new Conflict(CAMPAIGN_MESSAGES.fundLinksChanged);

/** PATCH cvf/enable|disable/{id}: the link's active flag with an ActiveChange row (nothing when unchanged). */
export async function setFundLinkActive(campaignVendorFundId: string, isActive: boolean, editor: Editor, now = new Date()): Promise<void> {
  const link = await CampaignVendorFund.query.byId(campaignVendorFundId).first();
  if (!link) throw new NotFound(CAMPAIGN_MESSAGES.fundLinkNotFound);
  if (link.isActive === isActive) return;
  const pair = await campaignVendorById(link.campaignVendorId);
  const history = historyWriter(pair, await namesOf(pair), editor, now);
  await transactWrite([
    CampaignVendorFund.patchTx(link, { set: { isActive, modifiedAt: now.toISOString(), modifiedBy: editor.email } }, { orFail: () => new NotFound(CAMPAIGN_MESSAGES.fundLinkNotFound) }),
    history({ ...link, isActive }, 'ActiveChange'),
  ]);
}
