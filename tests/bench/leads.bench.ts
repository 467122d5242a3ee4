// Benchmark of the lead engine as vendors reach it (issue 21 "Done means"): a table of agents with
// balances and Active, paused and cancelled orders over ten states (some agents terminated or paused,
// some orders with tight caps, restricted schedules, zip geographies, split distributions, a few
// live-transfer orders with phones), served as `npm start` serves it: the local gateway invoking the
// intake area's handler in this process, the table's stream read by the projector (the vendor rate
// limit's count is its view; in a process of its own, projector-process.ts, as its Lambda is in AWS).
// Leads are POSTed to /api/intake/leads with the vendor's bearer token, so the token check, the rate
// limit (set high as a deployment would: INTAKE_RATE_PER_MINUTE and the vendor's own posts a minute,
// never bypassed), the campaign's dedupe (All, 30 days; some leads repeat an earlier phone) and the
// routing rules (a TN rule sends 10 % to the call center) all run. Every figure is
// printed beside ONE 5-item TransactWriteItems on the same DynamoDB Local in the same run (the floor a
// sale cannot beat, not the sale's own size):
//   (1) decision latency over HTTP, one lead at a time, each followed by one raw 5-item transaction:
//       p50 and p99 and their ratios (target <= 3x each);
//   (2) sold leads a second with 8 and with 16 clients, in rounds alternating with raw 5-item
//       transactions at the same concurrency on distinct items (target >= 70 % of the raw rate), and
//       what each costs the two cores: the CPU of DynamoDB Local, of the projector and of this process
//       per sold lead beside the same per raw transaction (Linux's /proc; on two shared cores the rate
//       follows the CPU each takes);
//   (3) the live-transfer ping's answer over HTTP, one at a time: p50/p99 (target p99 <= 100 ms);
// then the correctness audit read back from the table (leads-audit.ts: a count per violation kind,
// exit 1 unless every count is 0). Each phase starts once the projector has caught up on the ones
// before it (the time that took is printed), and the DynamoDB requests of a lead, of a ping and of
// the projector per lead are printed by kind.
//
//   npx tsx tests/bench/leads.bench.ts [--agents 30000] [--orders 10000] [--leads 10000] [--clients 8,16]
//       [--latency-leads 200] [--pings 200] [--no-projector]
//   --no-projector: no stream and no projector (the rate limit then counts only this process's posts):
//   the projector shares this machine's two cores with the requests, unlike its Lambda in AWS.
//   PROJECTOR_PROF=<dir>: the projector's process writes a CPU profile there (node --cpu-prof).
//   BENCH_PROF=<file>: this process's CPU profile over the one-at-a-time leads (1).
//   --quick is --agents 2000 --orders 500 --leads 1000; the defaults are the issue's scale. On this
//   2-core machine shared at a load average of 14 to 20 (2 December 2026, engine of 88c05ff): --quick
//   about 8 minutes; the full table's seed alone 3 to 4.5 minutes and its leads about 5 a second. Quiet
//   (2 December 2026, engine of 54a6196): --quick about 1.5 minutes; the full scale about 27 minutes
//   (seed 55 s, candidate rows 75 s, its 10,000 leads 7 to 9 a second: every sale moves a state's
//   shard of about 250 rows, which each process read again whole). Quiet (3 December 2026, engine of
//   df2fab7, changed rows read by key): the full scale about 10 minutes (seed 50 s, candidate rows
//   40 s, its 10,000 leads 54 to 64 a second, the audit 50 s).
import { AsyncLocalStorage } from 'node:async_hooks';
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { once } from 'node:events';
import { parseArgs } from 'node:util';
import { UpdateTableCommand } from '@aws-sdk/client-dynamodb';
import { localDynamoClient } from '../../infra/local/services/table.ts';
import { withBenchStack } from './bench-stack.ts';
import { auditLeads, type AuditInput } from './leads-audit.ts';
import { percentile } from './raw-dynamodb.ts';

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    agents: { type: 'string' },
    orders: { type: 'string' },
    leads: { type: 'string' },
    clients: { type: 'string', default: '8,16' },
    'latency-leads': { type: 'string', default: '200' },
    pings: { type: 'string', default: '200' },
    'no-projector': { type: 'boolean', default: false },
  },
});
const AGENTS = Number(args.agents ?? (args.quick ? 2000 : 30_000));
const ORDERS = Number(args.orders ?? (args.quick ? 500 : 10_000));
const LEADS = Number(args.leads ?? (args.quick ? 1000 : 10_000));
const CLIENTS = args.clients.split(',').map(Number);
const LATENCY_LEADS = Number(args['latency-leads']);
const PINGS = Number(args.pings);
const WARMUP = 20;
/** Rounds per concurrency, each a share of the leads and as many raw transactions alternating with it. */
const ROUNDS = 2;
/**
 * The vendor's limit of posts a minute, as staff would set it for a large seller (the vendor form's
 * most): far above what this machine can post, so no post is refused, yet checked on every post.
 */
const POSTS_PER_MINUTE = 30_000;
/** Every REPEAT_EVERY-th lead repeats an earlier lead's phone: a duplicate within the campaign's 30 days. */
const REPEAT_EVERY = 50;

await withBenchStack(
  { name: 'leads', env: { CALLCENTER_DIR: '/tmp/leads-bench-callcenter', INTAKE_RATE_PER_MINUTE: String(POSTS_PER_MINUTE) } },
  (services) => run(services.dynamodbEndpoint, services.dynamodbPid),
);

async function run(endpoint: string, javaPid: number | undefined): Promise<void> {
  const { batchPut } = await import('#platform/db.ts');
  const { projectCandidates } = await import('#core/views/candidates-view.ts');
  const { rebuildViews, viewsNamed } = await import('#core/views/rebuild.ts');
  const { docClient, tableName } = await import('#platform/dynamo.ts');
  const { accountItems } = await import('#core/money/ledger.ts');
  const { zipIndex } = await import('#core/address/zip-lookup.ts');
  const { hashVendorToken, newVendorToken } = await import('#core/catalogue/vendor-token.ts');
  const { AgentProfile } = await import('#entities/agent-profile.ts');
  const { Campaign } = await import('#entities/campaign.ts');
  const { CampaignBid } = await import('#entities/campaign-bid.ts');
  const { CampaignVendor } = await import('#entities/campaign-vendor.ts');
  const { CampaignVendorFund } = await import('#entities/campaign-vendor-fund.ts');
  const { Fund } = await import('#entities/fund.ts');
  const { LiveTransferPhone } = await import('#entities/live-transfer-phone.ts');
  const { Vendor } = await import('#entities/vendor.ts');
  const { VendorToken } = await import('#entities/vendor-token.ts');
  const { Order } = await import('#entities/order.ts');
  const { OrderTarget } = await import('#entities/order-target.ts');
  const { RoutingRule } = await import('#entities/routing-rule.ts');
  const { TIME_ZONES } = await import('#shared/time-zones.ts');
  const { DAYS } = await import('#shared/orders/order.ts');
  const { startGateway } = await import('../../infra/local/gateway.ts');
  const { rawTransactionRate, rawTransactionSampler } = await import('./raw-dynamodb.ts');

  // Deterministic data: a small PRNG (mulberry32) so every run builds the same table.
  let seed = 42;
  const rand = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const at = '2026-01-01T00:00:00.000Z';

  const SCFS: Record<string, string[]> = {
    IL: ['600', '601', '603', '604', '606', '607', '610', '617', '618', '620'], WI: ['530', '531', '532', '534', '535', '537', '539', '541', '543', '549'],
    IN: ['460', '461', '462', '463', '464', '465', '466', '467', '468', '469'], OH: ['430', '431', '432', '433', '434', '435', '436', '437', '440', '441'],
    MI: ['480', '481', '482', '483', '484', '485', '486', '487', '488', '489'], MN: ['550', '551', '553', '554', '556', '557', '558', '559', '560', '561'],
    IA: ['500', '501', '502', '503', '504', '505', '506', '507', '508', '510'], MO: ['630', '631', '633', '634', '635', '636', '637', '638', '639', '640'],
    KY: ['400', '401', '402', '403', '404', '405', '406', '407', '408', '409'], TN: ['370', '371', '372', '373', '374', '375', '376', '377', '378', '379'],
  };
  const index = await zipIndex();
  const zipsOf = Object.fromEntries(Object.entries(SCFS).map(([state, scfs]) => [state, scfs.flatMap((s) => index.ofScf(s).filter((p) => p.state === state).map((p) => p.zip))]));
  const STATES = Object.keys(SCFS);

  // Catalogue: one campaign from one vendor feeding an exclusive fund and a shared third-party fund,
  // and a live-transfer campaign from the same vendor for the pings (its bid: $40 in every state).
  const campaignCode = 'BENCH';
  const campaignId = 'C-BENCH';
  const liveCode = 'LIVE';
  const liveId = 'C-LIVE';
  const vendorId = 'V-BENCH';
  const token = newVendorToken();
  const funds = [
    { fundId: 'F-EXCL', category: 1, captive: 2500, broker: 3000 },
    { fundId: 'F-SHARED', category: 2, captive: 1500, broker: 1800 },
  ];
  const campaign = (id: string, code: string, live: boolean) =>
    Campaign.toItem({ campaignId: id, name: code, code, description: '', category: 1, lob: 2, leadType: 'Health', crmLob: 'Health', businessOwner: 'x', destination: 'x', status: 1, startDate: '2020-01-01T00:00:00.000Z', endDate: '2099-01-01T00:00:00.000Z', allowDisputes: true, isLiveTransfer: live, dedupeScope: live ? 'None' : 'All', dedupeDays: live ? 0 : 30, callCenterCheck: 0, callTimeCheck: 30, maxRetries: 0, retryIntervalMinutes: 0, channel: 'Both', checkEbureau: false, minScore: 0, modifiedBy: 'bench', lastUpdated: at, revision: 1 });
  const rule = (ruleId: string, priority: number, callCenterPercent: number, states: string[]) =>
    RoutingRule.toItem({ ruleId, name: ruleId, description: '', active: true, ppPercent: 100 - callCenterPercent, callCenterPercent, zipCodes: [], states, linesOfBusiness: [], campaignIds: [], defaultRule: ruleId === 'default', priority, createdDate: at, callCenterCount: 0, ppCount: 0, revision: 1, modifiedBy: 'bench', lastUpdated: at });
  const items: Record<string, unknown>[] = [
    campaign(campaignId, campaignCode, false),
    campaign(liveId, liveCode, true),
    // The vendor's own limit (the vendor form's, when that field exists) beside INTAKE_RATE_PER_MINUTE (the limit of every vendor until then).
    { ...Vendor.toItem({ vendorId, name: 'Bench', code: 'VB', description: '', status: 1, createdAt: at, createdBy: 'bench', lastUpdated: at, archived: false, allowCreditLineUse: true, allowDisputes: true, allowVariablePricing: false, isPartner: false, revision: 1, modifiedBy: 'bench', tokenHash: hashVendorToken(token), tokenLastFour: token.slice(-4) }), postsPerMinute: POSTS_PER_MINUTE },
    VendorToken.toItem({ tokenHash: hashVendorToken(token), vendorId, createdAt: at, createdBy: 'bench' }),
    CampaignVendor.toItem({ campaignVendorId: 'CV-BENCH', campaignId, vendorId, vendorPriceCents: 500, maxPriceCents: 0, captivePriceCents: 2000, brokerPriceCents: 2400, checkEbureau: false, minScore: 0, modifiedBy: 'bench', lastUpdated: at, revision: 1 }),
    CampaignVendor.toItem({ campaignVendorId: 'CV-LIVE', campaignId: liveId, vendorId, vendorPriceCents: 500, maxPriceCents: 0, captivePriceCents: 3500, brokerPriceCents: 4000, checkEbureau: false, minScore: 0, modifiedBy: 'bench', lastUpdated: at, revision: 1 }),
    CampaignBid.toItem({ campaignId: liveId, bids: STATES.map((state) => ({ state, zip: '', bidCents: 4000 })) }),
    rule('default', 1_000_000, 0, []),
    rule('R-TN', 1, 10, ['TN']),
    ...funds.flatMap((f, i) => [
      Fund.toItem({ fundId: f.fundId, name: f.fundId, description: '', code: f.fundId, lineOfBusiness: 2, category: f.category, channel: 6, captivePriceCents: f.captive, brokerPriceCents: f.broker, isActive: true, isLiveTransfer: false, startDate: '2020-01-01T00:00:00.000Z', endDate: '2099-01-01T00:00:00.000Z', specifiedAgentIds: [], createdAt: at, revision: 1, modifiedBy: 'bench', lastUpdated: at }),
      CampaignVendorFund.toItem({ campaignVendorFundId: `CVF-${i}`, campaignVendorId: 'CV-BENCH', fundId: f.fundId, priority: i + 1, isActive: true, modifiedAt: at, modifiedBy: 'bench' }),
    ]),
  ];

  // Agents: 5 % terminated, 5 % with orders paused, the rest active; balances from $0 to $290, some credit lines.
  const zones = Object.keys(TIME_ZONES);
  const agents = Array.from({ length: AGENTS }, (_v, i) => {
    const agentId = `A${String(i + 1).padStart(6, '0')}`;
    const state = pick(STATES);
    const r = rand();
    return {
      agentId,
      profile: {
        agentId, firstName: `F${i}`, lastName: `L${i}`, email: `a${i}@bench.example.com`, type: (i % 3 === 1 ? 1 : 0) as 0 | 1, status: (r < 0.05 ? 0 : 1) as 0 | 1, role: 'agent',
        timeZone: pick(zones), zip: pick(zipsOf[state]!), zipStatus: 1 as const, orderStatus: (r >= 0.05 && r < 0.1 ? 0 : 1) as 0 | 1, liveTransferStatus: 1 as const, thirdPartyLeadStatus: rand() < 0.7,
        priority: 1 + Math.floor(rand() * 10), proStoreEnabled: false, proStoreAmountCents: 0, address1: '1 Main St', city: 'X', state, createdAt: at,
      },
      balanceCents: Math.floor(rand() * 30) * 1000,
      creditLineCents: rand() < 0.2 ? 5000 : 0,
    };
  });
  for (const a of agents) {
    items.push(AgentProfile.toItem(a.profile));
    // The account carries the agent's names for its ledger entries, as registering an agent writes it.
    items.push(...accountItems(a.agentId, a.creditLineCents, a.balanceCents > 0 ? [{ at, deltaCents: a.balanceCents, type: 'AgentContribution', description: 'bench money' }] : [], { firstName: a.profile.firstName, lastName: a.profile.lastName }));
  }

  // Orders: fund orders (one or both funds) and campaign orders, 1–3 states, a third with zip lists;
  // 4 % paused and 2 % cancelled (their targets left as an Active order's, so the engine must judge the
  // header), 3 % live-transfer campaign orders (owner only, a phone each) for the pings.
  const orders: AuditInput['orders'] = [];
  for (let i = 0; i < ORDERS; i++) {
    const owner = pick(agents);
    const orderId = `O-${i}`;
    const states = [...new Set([pick(STATES), pick(STATES), pick(STATES)].slice(0, 1 + Math.floor(rand() * 3)))];
    const byZip = rand() < 0.33;
    const kind = rand();
    const live = kind < 0.03;
    const isFundOrder = !live && kind < 0.8;
    const split = !live && rand() < 0.2 ? pick(agents) : undefined;
    const recipients = split && split.agentId !== owner.agentId ? [{ agentId: owner.agentId, percentage: 60 }, { agentId: split.agentId, percentage: 40 }] : [{ agentId: owner.agentId, percentage: 100 }];
    const restricted = rand() < 0.3;
    const tight = rand() < 0.2;
    const s = rand();
    const status = s < 0.04 ? 0 : s < 0.06 ? 2 : 1;
    const pair = `${live ? liveId : campaignId}#${vendorId}`;
    items.push(
      Order.toItem({
        orderId, userFacingOrderId: 100_001 + i, agentId: owner.agentId, createdAt: at, lastUpdated: at, modifiedBy: 'bench', description: `Bench ${i}`, status, priority: 0, isFundOrder, statesOnly: !byZip,
        maxPerHour: tight ? 1 : 0, maxPerDay: tight ? 2 : 0, maxPerWeek: 0, maxPerMonth: tight ? 5 : 0,
        selectedFundIds: isFundOrder ? (rand() < 0.5 ? ['F-EXCL'] : ['F-EXCL', 'F-SHARED']) : [],
        campaigns: isFundOrder ? [] : [{ campaignId: live ? liveId : campaignId, vendorIds: [vendorId] }],
        recipients: recipients.map((r) => ({ ...r, firstName: 'F', lastName: 'L' })),
        slots: restricted ? [{ slotId: 's', startSlot: 16, endSlot: 36, days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'] }] : [{ slotId: 's', startSlot: 0, endSlot: 48, days: [...DAYS] }],
        stateCount: states.length, zipCodeCount: 0, targetStates: states, attention: [], receivedCounts: {}, leadCount: 0, revision: 1, createDigest: 'bench',
      }),
      ...states.map((state) =>
        OrderTarget.toItem({
          orderId, agentId: owner.agentId, state, active: true, revision: 1,
          fundIds: isFundOrder ? ['F-EXCL', 'F-SHARED'] : [], campaignVendors: isFundOrder ? [] : [pair],
          zips: byZip ? Array.from({ length: 40 }, () => pick(zipsOf[state]!)) : [],
        }),
      ),
      ...(live ? [LiveTransferPhone.toItem({ agentId: owner.agentId, primaryPhoneNumber: '3125550100', statusPrimary: 'Active' })] : []),
    );
    if (!live) orders.push({ orderId, agentId: owner.agentId, recipients, status });
  }
  const seedStart = performance.now();
  await batchPut(items, { concurrency: 8 });
  console.log(`seeded ${AGENTS} agents, ${ORDERS} orders (${items.length} items) in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);
  // The lead engine decides on the candidates view: its rows of the seeded orders, as the seed makes them (the stream starts after the seed).
  const viewStart = performance.now();
  await projectCandidates(Array.from({ length: ORDERS }, (_, i) => `O-${i}`));
  // And the catalogue's version, which the projector raises on the seed's campaigns, vendors and funds
  // (views/catalogue-view.ts): without it no engine holds the catalogue, and every lead reads it afresh
  // (five Queries a lead that no deployed table with a projector makes).
  await rebuildViews(viewsNamed(['catalogue']));
  console.log(`candidate rows of the ${ORDERS} orders and the catalogue's version made in ${((performance.now() - viewStart) / 1000).toFixed(1)} s`);

  // The stream from now on (the seed's hundred thousand records would only slow DynamoDB Local's
  // stream calls), read by the projector as `npm start` runs it, in its own process. The raw
  // transactions' DynamoDB calls are told apart from the requests' by where they run.
  const projector = args['no-projector'] ? undefined : await startProjector(endpoint, tableName());
  const where = new AsyncLocalStorage<'raw'>();
  const ticks = clockTicks();
  const gateway = await startGateway({ port: 0 });
  const raw = <T>(f: () => Promise<T>) => where.run('raw', f);
  const sampleRaw = rawTransactionSampler(5);

  // The DynamoDB requests of the posts (not the projector's, not the raw transactions'), by command, while counting.
  const calls = new Map<string, { n: number; items: number; ms: number }>();
  let counting = false;
  docClient().middlewareStack.add(
    (next, context) => async (a) => {
      if (!counting || where.getStore()) return next(a);
      const input = a.input as { TransactItems?: unknown[]; RequestItems?: Record<string, { Keys?: unknown[] }>; IndexName?: string };
      const n = input.TransactItems?.length ?? Object.values(input.RequestItems ?? {}).reduce((sum, r) => sum + (r.Keys?.length ?? 0), 0);
      const t0 = performance.now();
      try {
        return await next(a);
      } finally {
        // A Query of an index (the dedupe's phone and e-mail) apart from one of the table (a candidate shard read again), with its partition's kind.
        const pk = (a.input as { ExpressionAttributeValues?: Record<string, unknown> }).ExpressionAttributeValues?.[':kpk'];
        const name = (context.commandName ?? 'unknown').replace(/Command$/, '') + (input.IndexName ? ' of an index' : '') + (typeof pk === 'string' ? ` ${pk.split('#')[0]}` : '');
        const c = calls.get(name) ?? { n: 0, items: 0, ms: 0 };
        calls.set(name, { n: c.n + 1, items: c.items + n, ms: c.ms + performance.now() - t0 });
      }
    },
    { step: 'initialize', name: 'leadsBenchCallCounter' },
  );

  const consentAt = new Date().toISOString();
  const statuses: Record<string, number> = {};
  const windows: AuditInput['windows'] = new Map();
  const repeats = new Set<string>();
  let posted = 0;
  /** A post's status and answer; a connection that failed is status 0 (counted as `HTTP 0`, the run exits 1). */
  const post = async (path: string, body: unknown) => {
    try {
      const res = await fetch(`${gateway.url}/api/intake/${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return { status: res.status, body: (await res.json()) as { Result?: string } };
    } catch {
      return { status: 0, body: {} as { Result?: string } };
    }
  };
  /** The answers of the leads a repeat takes its phone from, by their number (each awaited once). */
  const originals = new Map<number, { answer: Promise<void>; done: boolean }>();
  /** Repeats whose original was still unanswered when their turn came. */
  let repeatsHeld = 0;
  /** Posts the next lead as the vendor does; its answer time in ms and whether it sold. */
  const postNext = async (): Promise<{ ms: number; sold: boolean }> => {
    const i = posted++;
    const state = STATES[i % STATES.length]!;
    const repeat = i >= REPEAT_EVERY && i % REPEAT_EVERY === 0;
    // The phone of a lead posted REPEAT_EVERY / 2 before (never a repeat itself). A repeat is posted
    // once that lead is answered: at 16 clients a slow original may still be in flight, and then the
    // two race for the phone's lock and the first stored is the original (the audit expects the earlier).
    const phone = String(2_000_000_000 + (repeat ? i - REPEAT_EVERY / 2 : i));
    const sourceId = `bench-${i}`;
    if (repeat) {
      repeats.add(sourceId);
      const original = originals.get(i - REPEAT_EVERY / 2);
      if (original && !original.done) repeatsHeld++;
      await original?.answer;
      originals.delete(i - REPEAT_EVERY / 2);
    }
    let answered = () => {};
    if (i % REPEAT_EVERY === REPEAT_EVERY / 2) {
      const entry = { answer: Promise.resolve(), done: false };
      entry.answer = new Promise<void>((resolve) => (answered = () => ((entry.done = true), resolve())));
      originals.set(i, entry);
    }
    const start = Date.now();
    const t0 = performance.now();
    const { status, body } = await post('leads', {
      CampaignCode: campaignCode, VendorLeadId: sourceId, FirstName: 'B', LastName: `Lead${i}`, PrimaryPhone: phone, StateCode: state, ZipCode: pick(zipsOf[state]!),
      Consent: { Text: 'I agree to be contacted.', Timestamp: consentAt, Ip: '203.0.113.5', PageUrl: 'https://example.com/quote' },
    });
    const ms = performance.now() - t0;
    answered();
    windows.set(sourceId, { start, end: Date.now() });
    const key = status === 201 ? body.Result! : `HTTP ${status}`;
    statuses[key] = (statuses[key] ?? 0) + 1;
    return { ms, sold: key === 'sold' };
  };
  const f = (x: number) => x.toFixed(1);
  const perLead = (n: number) =>
    [...calls]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, c]) => `${name} ${(c.n / n).toFixed(2)} (${(c.items / c.n).toFixed(1)} items, ${f(c.ms / c.n)} ms each)`)
      .join('; ');
  console.log(`DynamoDB Local (in memory), Node ${process.version}, load average ${(await import('node:os')).loadavg().map((l) => l.toFixed(1)).join(' ')}; raw = one bare 5-item TransactWriteItems (raw-dynamodb.ts) in the same run`);

  try {
    // Warm-up: the area module, connections, DynamoDB Local's JIT.
    for (let i = 0; i < WARMUP; i++) {
      await postNext();
      await raw(sampleRaw);
    }

    // Each phase starts with the projector caught up on the phases before it: a figure measures its own
    // requests with the projector's work they cause, not a backlog left by an earlier burst (in AWS the
    // projector is a Lambda of its own; here it shares two cores and DynamoDB Local with the requests).
    // How long each backlog took to drain is printed.
    const settled = async (after: string) => {
      if (!projector) return;
      const t0 = performance.now();
      projector.send('settled');
      await once(projector, 'message');
      console.log(`projector caught up on ${after} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    };
    await settled('the warm-up');

    // (1) One at a time, each lead followed by one raw transaction (both see the same load and warmth).
    const alone: number[] = [];
    const soldAlone: number[] = [];
    const rawAlone: number[] = [];
    calls.clear();
    counting = true;
    const profiling = await profileOf(process.env.BENCH_PROF);
    for (let i = 0; i < LATENCY_LEADS; i++) {
      const { ms, sold } = await postNext();
      alone.push(ms);
      if (sold) soldAlone.push(ms);
      rawAlone.push(await raw(sampleRaw));
    }
    counting = false;
    await profiling?.();
    const r50 = percentile(rawAlone, 50);
    const r99 = percentile(rawAlone, 99);
    console.log(
      `(1) decision over HTTP, one at a time, ${LATENCY_LEADS} leads (${soldAlone.length} sold): p50 ${f(percentile(alone, 50))} ms, p95 ${f(percentile(alone, 95))} ms, p99 ${f(percentile(alone, 99))} ms (sold alone p50 ${f(percentile(soldAlone, 50))} ms)` +
        ` | raw 5-item transaction between them: p50 ${f(r50)} ms, p99 ${f(r99)} ms | ratio p50 ${f(percentile(alone, 50) / r50)}x, p99 ${f(percentile(alone, 99) / r99)}x (targets <= 3x)`,
    );
    console.log(`    DynamoDB requests per lead: ${perLead(LATENCY_LEADS)}`);

    // (2) Sustained, per concurrency: rounds alternating the leads with raw transactions on distinct items.
    const perRound = Math.floor((LEADS - posted) / (CLIENTS.length * ROUNDS));
    for (const clients of CLIENTS) {
      await settled(`the leads before the ${clients}-client rounds`);
      let leadSeconds = 0;
      let rawSeconds = 0;
      let leadsDone = 0;
      let sold = 0;
      let rawDone = 0;
      const latencies: number[] = [];
      const rawLatencies: number[] = [];
      // CPU milliseconds of DynamoDB Local, of the projector and of this process in the lead rounds and in the raw rounds.
      const spent = { lead: { java: 0, projector: 0, self: 0 }, raw: { java: 0, projector: 0, self: 0 } };
      const measured = async (kind: 'lead' | 'raw', step: () => Promise<void>) => {
        const before = { java: cpuMsOf(javaPid, ticks), projector: cpuMsOf(projector?.pid, ticks), self: process.cpuUsage() };
        await step();
        const self = process.cpuUsage(before.self);
        spent[kind].java += (cpuMsOf(javaPid, ticks) ?? 0) - (before.java ?? 0);
        spent[kind].projector += (cpuMsOf(projector?.pid, ticks) ?? 0) - (before.projector ?? 0);
        spent[kind].self += (self.user + self.system) / 1000;
      };
      calls.clear();
      for (let round = 0; round < ROUNDS; round++) {
        const rawCount = Math.max(200, clients * 25);
        const rawRound = async () => {
          const t0 = performance.now();
          await raw(() => rawTransactionRate(5, rawCount, clients, rawLatencies));
          rawSeconds += (performance.now() - t0) / 1000;
          rawDone += rawCount;
        };
        const leadRound = async () => {
          const until = posted + perRound;
          const t0 = performance.now();
          counting = true;
          await Promise.all(
            Array.from({ length: clients }, async () => {
              while (posted < until) {
                const r = await postNext();
                latencies.push(r.ms);
                leadsDone++;
                if (r.sold) sold++;
              }
            }),
          );
          counting = false;
          leadSeconds += (performance.now() - t0) / 1000;
        };
        const steps = [() => measured('raw', rawRound), () => measured('lead', leadRound)];
        for (const step of round % 2 === 0 ? steps : steps.reverse()) await step();
      }
      const rawRate = rawDone / rawSeconds;
      console.log(
        `(2) ${clients} clients over HTTP, ${leadsDone} leads (${sold} sold) in ${ROUNDS} rounds: ${f(leadsDone / leadSeconds)} leads/s, ${f(sold / leadSeconds)} sold leads/s (each p50 ${f(percentile(latencies, 50))} ms, p99 ${f(percentile(latencies, 99))} ms)` +
          ` | raw: ${clients} concurrent 5-item transactions, ${rawDone}: ${f(rawRate)}/s (each p50 ${f(percentile(rawLatencies, 50))} ms, p99 ${f(percentile(rawLatencies, 99))} ms) | sold ${f((100 * sold) / leadSeconds / rawRate)} % of raw (target >= 70 %)`,
      );
      console.log(`    DynamoDB requests per lead: ${perLead(leadsDone)}; this process's CPU (gateway, handlers, client) ${f(spent.lead.self / leadsDone)} ms per lead`);
      // What each costs the machine's two cores: a sold lead's requests against one raw transaction's.
      if (javaPid) {
        const { lead, raw: r } = spent;
        console.log(
          `    CPU per sold lead: DynamoDB Local ${f(lead.java / sold)} ms, projector ${f(lead.projector / sold)} ms, this process ${f(lead.self / sold)} ms, together ${f((lead.java + lead.projector + lead.self) / sold)} ms` +
            ` | per raw transaction: DynamoDB Local ${f(r.java / rawDone)} ms, projector ${f(r.projector / rawDone)} ms, this process ${f(r.self / rawDone)} ms, together ${f((r.java + r.projector + r.self) / rawDone)} ms`,
        );
      }
    }
    while (posted < LEADS) await postNext();

    await settled('the throughput rounds');
    // (3) Live-transfer pings one at a time, each followed by one raw transaction.
    const pings: number[] = [];
    const rawPings: number[] = [];
    let bids = 0;
    calls.clear();
    counting = true;
    for (let i = 0; i < PINGS; i++) {
      const state = pick(STATES);
      const t0 = performance.now();
      const { status, body } = await post('ping', { CampaignCode: liveCode, CallerId: String(3_000_000_000 + i), StateCode: state, ZipCode: pick(zipsOf[state]!) });
      pings.push(performance.now() - t0);
      const key = status === 200 ? `ping ${body.Result}` : `ping HTTP ${status}`;
      statuses[key] = (statuses[key] ?? 0) + 1;
      if (body.Result === 'bid') bids++;
      rawPings.push(await raw(sampleRaw));
    }
    counting = false;
    console.log(
      `(3) live-transfer ping over HTTP, one at a time, ${PINGS} pings (${bids} bid): p50 ${f(percentile(pings, 50))} ms, p95 ${f(percentile(pings, 95))} ms, p99 ${f(percentile(pings, 99))} ms (target p99 <= 100 ms)` +
        ` | raw 5-item transaction between them: p50 ${f(percentile(rawPings, 50))} ms, p99 ${f(percentile(rawPings, 99))} ms`,
    );
    console.log(`    DynamoDB requests per ping: ${perLead(PINGS)}`);
    console.log(`answers: ${JSON.stringify(statuses)} (the vendor's limit ${POSTS_PER_MINUTE} posts a minute: no 429 expected); ${repeatsHeld} repeats waited for their original's answer`);
    if (projector) {
      projector.send('lags');
      const [{ lags }] = (await once(projector, 'message')) as [{ lags: number[] }];
      console.log(`projector (its own process): ${lags.length} records applied by the last ping (of the latest 10,000), each p50 ${f(percentile(lags, 50) / 1000)} s, p99 ${f(percentile(lags, 99) / 1000)} s after its write`);
      projector.send('calls');
      const [{ calls: viewCalls, applied }] = (await once(projector, 'message')) as [{ calls: Record<string, { requests: number; items: number }>; applied: { records: number; leads: number } }];
      const all = Object.values(viewCalls).reduce((n, c) => n + c.requests, 0);
      // What the projector asks of DynamoDB per lead it has applied (in AWS, write units and partitions; here, DynamoDB Local's time beside the posts).
      console.log(
        `projector's DynamoDB requests: ${applied.records} records of ${applied.leads} leads applied, ${f(all / applied.leads)} requests a lead: ` +
          Object.entries(viewCalls)
            .sort(([, a], [, b]) => b.requests - a.requests)
            .map(([name, c]) => `${name} ${(c.requests / applied.leads).toFixed(2)}${c.items ? ` (${(c.items / c.requests).toFixed(1)} items)` : ''}`)
            .join('; '),
      );
    }
  } finally {
    await gateway.stop();
    if (projector) {
      projector.send('stop');
      await Promise.race([once(projector, 'exit'), new Promise((resolve) => setTimeout(resolve, 10_000))]);
      projector.kill();
    }
  }

  const audit = await auditLeads({ agents, orders, windows, repeats, campaignId, allowCreditLine: true, funds, campaignPrices: { captive: 2000, broker: 2400 }, callCenterRule: { ruleId: 'R-TN', percent: 10 } });
  if (Object.values(audit).some((v) => v !== 0) || Object.keys(statuses).some((k) => k.includes('HTTP'))) process.exitCode = 1;
}

/** The clock ticks a second of /proc's CPU times. */
function clockTicks(): number {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
}

/** The CPU milliseconds a process has used so far (Linux's /proc; none elsewhere, or once it has ended). */
function cpuMsOf(pid: number | undefined, ticks: number): number | undefined {
  if (!pid) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticks;
  } catch {
    return undefined;
  }
}

/**
 * BENCH_PROF=<file>: a CPU profile of this process (the gateway, the handlers, the clients) over the
 * one-at-a-time leads, written to that file when the returned function is called.
 */
async function profileOf(file: string | undefined): Promise<(() => Promise<void>) | undefined> {
  if (!file) return undefined;
  const { Session } = await import('node:inspector/promises');
  const { writeFile } = await import('node:fs/promises');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  return async () => {
    const { profile } = await session.post('Profiler.stop');
    await writeFile(file, JSON.stringify(profile));
    session.disconnect();
  };
}

/** The table's stream from now on and the projector reading it in a process of its own (projector-process.ts). */
async function startProjector(endpoint: string, table: string): Promise<ChildProcess> {
  const dynamo = localDynamoClient(endpoint);
  await dynamo.send(new UpdateTableCommand({ TableName: table, StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' } }));
  dynamo.destroy();
  const projector = fork(new URL('./projector-process.ts', import.meta.url), { execArgv: ['--import', 'tsx', ...(process.env.PROJECTOR_PROF ? ['--cpu-prof', '--cpu-prof-dir=' + process.env.PROJECTOR_PROF] : [])] });
  const [ready] = await Promise.race([once(projector, 'message'), once(projector, 'exit')]);
  if (ready === 'ready') return projector;
  projector.kill();
  throw new Error('The projector process did not start.');
}
