// The deterministic demo-data generator: demo users, agents in a hierarchy with ledger-built
// balances, and the catalogue. `seedIfEmpty` runs on `npm start`; `seed` takes a size for benchmarks.
// With `demoActivity` (the local stack's choice), a month of leads goes through the real engine too.
import { accountItems, getBalance, openAccount, postEntry } from '#core/money/ledger.ts';
import { transferToAgent } from '#core/money/transfers.ts';
import { batchPut } from '#platform/db.ts';
import { getMany } from '#platform/entity.ts';
import { AgentProfile } from '#entities/agent-profile.ts';
import { Campaign } from '#entities/campaign.ts';
import { CampaignBid } from '#entities/campaign-bid.ts';
import { CampaignValidation } from '#entities/campaign-validation.ts';
import { CampaignVendor } from '#entities/campaign-vendor.ts';
import { CampaignVendorFund } from '#entities/campaign-vendor-fund.ts';
import { stopsLeads } from '#entities/balance.ts';
import { Counter } from '#entities/counter.ts';
import { projectAgents } from '#core/views/directory-view.ts';
import { projectOrders } from '#core/views/open-orders-view.ts';
import { projectCandidates } from '#core/views/candidates-view.ts';
import { Downline } from '#entities/downline.ts';
import { Fund } from '#entities/fund.ts';
import { LiveTransferPhone } from '#entities/live-transfer-phone.ts';
import { Lookup } from '#entities/lookup.ts';
import { SeedMarker } from '#entities/seed-marker.ts';
import { UniqueValue } from '#entities/unique-value.ts';
import { User } from '#entities/user.ts';
import { Vendor } from '#entities/vendor.ts';
import { DEMO_AGENT_COUNT, downlineOf, generateAgents, historyOf, type SeedAgent } from './agents.ts';
import { buildCampaignSeed } from './campaigns.ts';
import { buildCatalogue } from './catalogue.ts';
import { contractItems } from './contracts.ts';
import { seedFundHistory, seedMakeupHistory } from './funds.ts';
import { ruleItems } from './rules.ts';
import { DEMO_AGENT_IDS, DEMO_USERS, DEMO_VENDOR_USERS } from './demo-users.ts';
import { priceFactorItems } from './price-factors.ts';
import { seededRandom } from './random.ts';
import { seedOrders } from './orders.ts';
import { DEMO_ACTIVITY_DAYS, runDemoActivity } from './demo-activity.ts';
import { seedVendorParts } from './vendors.ts';

export { DEMO_USERS, DEMO_VENDOR_USERS } from './demo-users.ts';

/** The sponsor's live-transfer phone (the demo ping needs an agent with an active one). */
export const DEMO_LIVE_TRANSFER_PHONE = { agentId: DEMO_AGENT_IDS.sponsor, primaryPhoneNumber: '3125550147', statusPrimary: 'Active' } as const satisfies LiveTransferPhone;

/**
 * Raised whenever the demo data changes shape, so a stale local table is refused with "run npm run
 * reset" (2: orders, the directory's sort keys and bucket counts; 3: ACME's live-transfer pair, order
 * and phone; 4: the derived report items a table from empty gets: the Open Orders all-states list,
 * Internal Leads day counts, Ping History day counters and My Team's sort copies; 5: the order
 * headers' Open Orders keys by lead count and last lead; 6: the demo accounts' ledgers written in
 * time order, so their stored running balances and day sums add up, and the team transfer written
 * as a real one, named on both sides; 7: the views the projector keeps (the agent directory's rows, the
 * day sums, the Transaction History copies, the performance, insights and routing figures) and no
 * longer the write-path copies, counts and markers they replace; 8: usage on the order headers, targets
 * with their header's revision, balances with leadsStopped, the Lead's e-mail index (gsi9) for dedupe,
 * and the ping, Internal Leads and intake-rate counts from the projector; 9: the lead engine's candidate
 * rows, the candidates view; 10: the partner portal's demo vendor users, ACME's sandbox token, and the
 * vendor day counts and returns the projector keeps).
 */
export const SEED_GENERATOR_VERSION = 10;
export const DEFAULT_AGENT_COUNT = 150;
const SEED = 20_240_501;
const DEMO_AGENT_IDS_SET = new Set<string>(Object.values(DEMO_AGENT_IDS));
/** Agents written per chunk: bounds memory for large sizes. */
const CHUNK = 1_000;
const WRITE_CONCURRENCY = 32;

export interface SeedOptions {
  /** Total agents including the demo agents (at least the demo agents are always made). */
  agents?: number;
  /** Reports progress for long runs. */
  onProgress?: (agentsWritten: number, total: number) => void;
  /**
   * Also post a month of demo leads, disputes and pings through the real engine (demo-activity.ts):
   * the local stack's `npm start`, `npm run reset` and `npm run seed` ask for it; tests do not.
   */
  demoActivity?: boolean;
}

/**
 * Seed unless the seed marker exists. The marker is written last, so a seed that stopped halfway
 * runs again; that day's rerun rewrites the same items (ids and times are derived, not random).
 */
export async function seedIfEmpty(opts: SeedOptions = {}): Promise<{ seeded: boolean; counts: Record<string, number>; generatorVersion: number }> {
  const marker = await SeedMarker.get(undefined, { consistent: true });
  if (marker) return { seeded: false, counts: marker.counts, generatorVersion: marker.generatorVersion };
  return { seeded: true, counts: await seed(opts), generatorVersion: SEED_GENERATOR_VERSION };
}

/** Write the demo data and the seed marker; returns the number of items per kind. */
export async function seed(opts: SeedOptions = {}): Promise<Record<string, number>> {
  const total = Math.max(DEMO_AGENT_COUNT, opts.agents ?? DEFAULT_AGENT_COUNT);
  const today = startOfUtcDay(new Date());
  const random = seededRandom(SEED);
  const counts: Record<string, number> = {};
  const count = (kind: string, n: number) => (counts[kind] = (counts[kind] ?? 0) + n);

  const catalogue = buildCatalogue(today);
  const fundExtras = seedFundHistory(catalogue, today);
  const stored = await getMany(Object.fromEntries(catalogue.vendors.map((v) => [v.vendorId, Vendor.ref({ vendorId: v.vendorId })])), { consistent: true });
  const storedVendors = new Map(Object.entries(stored).flatMap(([id, v]) => (v ? [[id, v] as const] : [])));
  const vendorParts = seedVendorParts(catalogue.vendors, today.toISOString(), storedVendors);
  const catalogueItems = [
    ...fundExtras,
    ...catalogue.funds.map(Fund.toItem),
    ...catalogue.campaigns.map(Campaign.toItem),
    ...vendorParts.vendors.map(Vendor.toItem),
    ...vendorParts.items,
    ...catalogue.campaignVendors.map(CampaignVendor.toItem),
    ...catalogue.campaignVendorFunds.map(CampaignVendorFund.toItem),
    ...catalogue.lookups.map(Lookup.toItem),
  ];
  await batchPut(catalogueItems, { concurrency: WRITE_CONCURRENCY });
  count('funds', catalogue.funds.length);
  count('fundHistoryAndGuards', fundExtras.length);
  count('campaigns', catalogue.campaigns.length);
  count('vendors', catalogue.vendors.length);
  count('vendorParts', vendorParts.items.length);
  count('campaignVendors', catalogue.campaignVendors.length);
  count('campaignVendorFunds', catalogue.campaignVendorFunds.length);
  count('lookups', catalogue.lookups.length);

  const campaignSeed = buildCampaignSeed(today, catalogue);
  const makeup = seedMakeupHistory({
    funds: catalogue.funds,
    campaigns: [...catalogue.campaigns, ...campaignSeed.campaigns],
    vendors: vendorParts.vendors,
    campaignVendors: [...catalogue.campaignVendors, ...campaignSeed.campaignVendors],
    campaignVendorFunds: [...catalogue.campaignVendorFunds, ...campaignSeed.campaignVendorFunds],
  });
  await batchPut(
    [
      ...makeup,
      ...campaignSeed.campaigns.map(Campaign.toItem),
      ...campaignSeed.validations.map(CampaignValidation.toItem),
      ...campaignSeed.bids.map(CampaignBid.toItem),
      ...campaignSeed.guards.map(UniqueValue.toItem),
      ...campaignSeed.campaignVendors.map(CampaignVendor.toItem),
      ...campaignSeed.campaignVendorFunds.map(CampaignVendorFund.toItem),
    ],
    { concurrency: WRITE_CONCURRENCY },
  );
  count('campaigns', campaignSeed.campaigns.length);
  count('campaignVendors', campaignSeed.campaignVendors.length);
  count('campaignVendorFunds', campaignSeed.campaignVendorFunds.length);
  count('campaignBidTables', campaignSeed.bids.length);
  count('fundMakeupHistory', makeup.length);

  const rules = ruleItems(today);
  const contracts = contractItems(today);
  await batchPut([...rules, ...contracts], { concurrency: WRITE_CONCURRENCY });
  count('routingRules', rules.filter((i) => i.entity === 'RoutingRule').length);
  count('contractMaps', contracts.filter((i) => i.entity === 'ContractMap').length);
  const priceFactors = priceFactorItems(today);
  await batchPut(priceFactors);
  count('priceFactors', priceFactors.length - 1);

  const createdAt = today.toISOString();
  await batchPut(DEMO_USERS.map((u) => User.toItem(userOf(u, createdAt))));
  count('users', DEMO_USERS.length);
  // ACME's partner-portal users (issue 24): an administrator and a read-only colleague.
  await batchPut(DEMO_VENDOR_USERS.map((u) => User.toItem(vendorUserOf(u, createdAt))));
  count('vendorUsers', DEMO_VENDOR_USERS.length);

  const agents = generateAgents(total, random, today);
  const closure = downlineOf(agents);
  const downline = groupBy(closure, (d) => d.descendantId);
  const demo = agents.slice(0, DEMO_AGENT_COUNT);
  // The demo activity posts the demo agents' last month of money (its top-ups, their lead purchases):
  // their own history then ends before it, as a ledger is written in time order.
  count('ledgerEntries', await writeDemoAccounts(demo, today, opts.demoActivity ? DEMO_ACTIVITY_DAYS : 0));

  for (let start = 0; start < agents.length; start += CHUNK) {
    const chunk = agents.slice(start, start + CHUNK);
    const items: Record<string, unknown>[] = [];
    for (const agent of chunk) {
      items.push(AgentProfile.toItem(agent.profile));
      const closure = downline.get(agent.profile.agentId) ?? [];
      items.push(...closure.map(Downline.toItem));
      count('downline', closure.length);
      if (agent.index < DEMO_AGENT_COUNT) continue;
      const account = accountItems(agent.profile.agentId, agent.creditLineCents, historyOf(agent, SEED, today), { firstName: agent.profile.firstName, lastName: agent.profile.lastName }, { leadsStopped: stopsLeads(agent.profile) });
      items.push(...account);
      count('ledgerEntries', account.filter((i) => i.entity === 'LedgerEntry').length);
    }
    await batchPut(items, { concurrency: WRITE_CONCURRENCY });
    count('agents', chunk.length);
    opts.onProgress?.(start + chunk.length, agents.length);
  }

  const orders = seedOrders({
    today,
    agents: agents.map((a) => a.profile),
    downline: closure.filter((d) => DEMO_AGENT_IDS_SET.has(d.ancestorId)),
    funds: catalogue.funds,
    names: {
      campaigns: new Map([...catalogue.campaigns, ...campaignSeed.campaigns].map((c) => [c.campaignId, c.name])),
      vendors: new Map(vendorParts.vendors.map((v) => [v.vendorId, v.name])),
    },
  });
  // The sponsor's live-transfer phone: the "Live Transfer Calls" order can take ACME's pinged calls.
  await batchPut([...orders.items, LiveTransferPhone.toItem(DEMO_LIVE_TRANSFER_PHONE)], { concurrency: WRITE_CONCURRENCY });
  const orderNumber = await Counter.get({ name: 'ORDER_NUMBER' }, { consistent: true });
  if ((orderNumber?.value ?? 0) < orders.lastNumber) await Counter.put({ name: 'ORDER_NUMBER', value: orders.lastNumber });
  count('orders', orders.orders);
  // The lead engine's candidate rows of the orders, before the demo activity's leads are decided on them.
  await projectCandidates(orders.orderIds);

  if (opts.demoActivity) {
    const activity = await runDemoActivity({ today });
    for (const [kind, n] of Object.entries(activity.counts)) count(kind, n);
  }
  // Last of the demo accounts' money, when it is written: a transfer as the sponsor makes one in My
  // Account (both profiles are written by now), so each side's row names who sent it to whom.
  await transferToAgent({ fromAgentId: DEMO_AGENT_IDS.sponsor, toAgentId: DEMO_AGENT_IDS.captive, amountCents: DEMO_TRANSFER_CENTS, clientKey: 'seed-demo-transfer' });
  count('ledgerEntries', 2);

  // The agent directory's rows from the profiles and balances as written, so the agents list is whole
  // at once (a projector catching up on the seed's stream writes the same rows again).
  await projectAgents(agents.map((a) => a.profile.agentId));
  // The same for the Open Orders report's rows of the demo orders.
  await projectOrders(orders.orderIds);
  await SeedMarker.put({ seededAt: new Date().toISOString(), generatorVersion: SEED_GENERATOR_VERSION, agents: agents.length, counts });
  return counts;
}

/** The sponsor's transfer to the captive agent in their team. */
const DEMO_TRANSFER_CENTS = 2_500;

/**
 * Demo accounts go through the real ledger functions (idempotent keys, so a rerun adds nothing): each
 * demo agent's history, in time order, ending `endsDaysBack` days before today.
 */
async function writeDemoAccounts(demo: SeedAgent[], today: Date, endsDaysBack: number): Promise<number> {
  let entries = 0;
  for (const agent of demo) {
    const agentId = agent.profile.agentId;
    if (!(await getBalance(agentId))) await openAccount(agentId, { creditLineCents: agent.creditLineCents, at: agent.profile.createdAt, names: { firstName: agent.profile.firstName, lastName: agent.profile.lastName }, leadsStopped: stopsLeads(agent.profile) });
    for (const [i, m] of historyOf(agent, SEED, today, { endsDaysBack }).entries()) {
      await postEntry({ agentId, deltaCents: m.deltaCents, type: m.type, description: m.description, at: m.at, idempotencyKey: `seed:${agentId}:${i}` });
      entries++;
    }
  }
  return entries;
}

function userOf(u: (typeof DEMO_USERS)[number], createdAt: string): User {
  return {
    userId: u.userId,
    email: u.email,
    name: u.name,
    kind: u.kind,
    ...(u.agentId ? { agentId: u.agentId } : {}),
    isAdmin: u.isAdmin ?? false,
    isManager: u.isManager ?? false,
    isLeadConnectHome: u.isLeadConnectHome ?? false,
    isSalesAssistant: u.isSalesAssistant ?? false,
    isSponsorAgent: u.isSponsorAgent ?? false,
    isFundPreview: u.isFundPreview ?? false,
    createdAt,
  };
}

function vendorUserOf(u: (typeof DEMO_VENDOR_USERS)[number], createdAt: string): User {
  return {
    userId: u.userId,
    email: u.email,
    name: u.name,
    kind: 'vendor',
    vendorId: u.vendorId,
    vendorRole: u.vendorRole,
    invitedBy: 'seed',
    isAdmin: false,
    isManager: false,
    isLeadConnectHome: false,
    isSalesAssistant: false,
    isSponsorAgent: false,
    isFundPreview: false,
    createdAt,
  };
}

function groupBy<T>(list: T[], keyOf: (item: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of list) {
    const key = keyOf(item);
    const group = map.get(key);
    if (group) group.push(item);
    else map.set(key, [item]);
  }
  return map;
}

function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}
