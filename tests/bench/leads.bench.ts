// Benchmark of the lead engine (issue 11 "Performance and correctness"): agents with balances and
// active fund and campaign orders over ten states (some agents paused or terminated, some orders with
// tight caps, restricted schedules, zip geographies and split distributions), then leads posted through
// `intakeLead`. Prints a decision's latency p50/p95/p99 (leads one at a time) beside one bare
// TransactWriteItems of the sale's mean size sampled between them, the latency and leads a second with
// CONCURRENCY leads in flight beside bare transactions at the same concurrency (DynamoDB Local
// serialises transactions: in-flight decisions queue behind each other's, so a latency under load is
// only comparable with the bare transaction's under the same load), and the correctness audit read
// back from the table.
//
//   npx tsx tests/bench/leads.bench.ts [--agents 30000] [--orders 10000] [--leads 10000] [--concurrency 8] [--latency-leads 200]
//   (the defaults are the issue's scale, about 9 minutes on a quiet 2-core machine; a quick run:
//   --agents 2000 --orders 500 --leads 1000)
import { parseArgs } from 'node:util';
import type { Order as OrderItem } from '#entities/order.ts';
import type { OrderTarget as TargetItem } from '#entities/order-target.ts';
import { percentile, rawTransactionRate, rawTransactionSampler } from './raw-dynamodb.ts';
import { withBenchStack } from './bench-stack.ts';

const { values: args } = parseArgs({
  options: {
    agents: { type: 'string', default: '30000' },
    orders: { type: 'string', default: '10000' },
    leads: { type: 'string', default: '10000' },
    concurrency: { type: 'string', default: '8' },
    'latency-leads': { type: 'string', default: '200' },
  },
});
const AGENTS = Number(args.agents);
const ORDERS = Number(args.orders);
const LEADS = Number(args.leads);
const CONCURRENCY = Number(args.concurrency);
const LATENCY_LEADS = Number(args['latency-leads']);
const WARMUP = 20;
/** The yardstick's size when the warm-up sold nothing to measure it by. */
const SALE_ITEMS = 18;

await withBenchStack({ name: 'leads', env: { CALLCENTER_DIR: '/tmp/leads-bench-callcenter' } }, () => run());

async function run(): Promise<void> {
  const { batchPut } = await import('#platform/db.ts');
  const { accountItems, getBalance } = await import('#core/money/ledger.ts');
  const { zipIndex } = await import('#core/address/zip-lookup.ts');
  const { intakeLead } = await import('#core/leads/intake.ts');
  const { monthShards } = await import('#core/leads/lead-months.ts');
  const { localTime, scheduleCovers } = await import('#core/leads/rules.ts');
  const { periodKeys } = await import('#core/orders/periods.ts');
  const { AgentProfile } = await import('#entities/agent-profile.ts');
  const { Campaign } = await import('#entities/campaign.ts');
  const { CampaignVendor } = await import('#entities/campaign-vendor.ts');
  const { CampaignVendorFund } = await import('#entities/campaign-vendor-fund.ts');
  const { Fund } = await import('#entities/fund.ts');
  const { Vendor } = await import('#entities/vendor.ts');
  const { Order } = await import('#entities/order.ts');
  const { OrderTarget } = await import('#entities/order-target.ts');
  const { LeadSale } = await import('#entities/lead-sale.ts');
  const { LedgerEntry } = await import('#entities/ledger-entry.ts');
  const { TIME_ZONES } = await import('#shared/time-zones.ts');
  const { DAYS } = await import('#shared/orders/order.ts');

  // Deterministic data: a small PRNG so every run builds the same table.
  // (mulberry32: 32-bit integer arithmetic. The linear congruential one used before multiplied past
  // 2^53 in floating point, lost its low bits and cycled, so a few hundred agents held all the money.)
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

  // Catalogue: one campaign from one vendor, feeding an exclusive fund and a shared third-party fund.
  const campaignId = 'C-BENCH';
  const vendorId = 'V-BENCH';
  const cvId = 'CV-BENCH';
  const funds = [
    { fundId: 'F-EXCL', category: 1, captive: 2500, broker: 3000 },
    { fundId: 'F-SHARED', category: 2, captive: 1500, broker: 1800 },
  ];
  const items: Record<string, unknown>[] = [
    Campaign.toItem({ campaignId, name: 'Bench', code: 'BENCH', description: '', category: 1, lob: 2, leadType: 'Health', crmLob: 'Health', businessOwner: 'x', destination: 'x', status: 1, startDate: '2020-01-01T00:00:00.000Z', endDate: '2099-01-01T00:00:00.000Z', allowDisputes: true, isLiveTransfer: false, dedupeScope: 'None', dedupeDays: 0, callCenterCheck: 0, callTimeCheck: 30, maxRetries: 0, retryIntervalMinutes: 0, channel: 'Both', checkEbureau: false, minScore: 0, modifiedBy: 'bench', lastUpdated: at, revision: 1 }),
    Vendor.toItem({ vendorId, name: 'Bench', code: 'VB', description: '', status: 1, createdAt: at, createdBy: 'bench', lastUpdated: at, archived: false, allowCreditLineUse: true, allowDisputes: true, allowVariablePricing: false, isPartner: false, revision: 1, modifiedBy: 'bench' }),
    CampaignVendor.toItem({ campaignVendorId: cvId, campaignId, vendorId, vendorPriceCents: 500, maxPriceCents: 0, captivePriceCents: 2000, brokerPriceCents: 2400, checkEbureau: false, minScore: 0, modifiedBy: 'bench', lastUpdated: at, revision: 1 }),
    ...funds.flatMap((f, i) => [
      Fund.toItem({ fundId: f.fundId, name: f.fundId, description: '', code: f.fundId, lineOfBusiness: 2, category: f.category, channel: 6, captivePriceCents: f.captive, brokerPriceCents: f.broker, isActive: true, isLiveTransfer: false, startDate: '2020-01-01T00:00:00.000Z', endDate: '2099-01-01T00:00:00.000Z', specifiedAgentIds: [], createdAt: at, revision: 1, modifiedBy: 'bench', lastUpdated: at }),
      CampaignVendorFund.toItem({ campaignVendorFundId: `CVF-${i}`, campaignVendorId: cvId, fundId: f.fundId, priority: i + 1, isActive: true, modifiedAt: at, modifiedBy: 'bench' }),
    ]),
  ];

  // Agents: 5 % terminated, 5 % with orders paused, the rest active; balances from $0 to $300, some credit lines.
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
    items.push(...accountItems(a.agentId, a.creditLineCents, a.balanceCents > 0 ? [{ at, deltaCents: a.balanceCents, type: 'AgentContribution', description: 'bench money' }] : []));
  }

  // Orders: fund orders (one or both funds) and campaign orders, 1–3 states, a third with zip lists.
  const orders: { orderId: string; agentId: string; recipients: { agentId: string; percentage: number }[] }[] = [];
  for (let i = 0; i < ORDERS; i++) {
    const owner = pick(agents);
    const orderId = `O-${i}`;
    const states = [...new Set([pick(STATES), pick(STATES), pick(STATES)].slice(0, 1 + Math.floor(rand() * 3)))];
    const byZip = rand() < 0.33;
    const isFundOrder = rand() < 0.8;
    const split = rand() < 0.2 ? pick(agents) : undefined;
    const recipients = split && split.agentId !== owner.agentId ? [{ agentId: owner.agentId, percentage: 60 }, { agentId: split.agentId, percentage: 40 }] : [{ agentId: owner.agentId, percentage: 100 }];
    const restricted = rand() < 0.3;
    const tight = rand() < 0.2;
    items.push(
      Order.toItem({
        orderId, userFacingOrderId: 100_001 + i, agentId: owner.agentId, createdAt: at, lastUpdated: at, modifiedBy: 'bench', description: `Bench ${i}`, status: 1, priority: 0, isFundOrder, statesOnly: !byZip,
        maxPerHour: tight ? 1 : 0, maxPerDay: tight ? 2 : 0, maxPerWeek: 0, maxPerMonth: tight ? 5 : 0,
        selectedFundIds: isFundOrder ? (rand() < 0.5 ? ['F-EXCL'] : ['F-EXCL', 'F-SHARED']) : [],
        campaigns: isFundOrder ? [] : [{ campaignId, vendorIds: [vendorId] }],
        recipients: recipients.map((r) => ({ ...r, firstName: 'F', lastName: 'L' })),
        slots: restricted ? [{ slotId: 's', startSlot: 16, endSlot: 36, days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'] }] : [{ slotId: 's', startSlot: 0, endSlot: 48, days: [...DAYS] }],
        stateCount: states.length, zipCodeCount: 0, targetStates: states, attention: [], receivedCounts: {}, leadCount: 0, revision: 1, createDigest: 'bench',
      }),
      ...states.map((state) =>
        OrderTarget.toItem({
          orderId, agentId: owner.agentId, state, active: true, revision: 1,
          fundIds: isFundOrder ? ['F-EXCL', 'F-SHARED'] : [], campaignVendors: isFundOrder ? [] : [`${campaignId}#${vendorId}`],
          zips: byZip ? Array.from({ length: 40 }, () => pick(zipsOf[state]!)) : [],
        }),
      ),
    );
    orders.push({ orderId, agentId: owner.agentId, recipients });
  }
  const seedStart = performance.now();
  await batchPut(items, { concurrency: 8 });
  console.log(`seeded ${AGENTS} agents, ${ORDERS} orders (${items.length} items) in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

  // Where a decision's time goes: every DynamoDB call the engine makes while the leads are posted,
  // counted by command (and items, for batches and transactions) and timed, and this process's CPU.
  const { docClient } = await import('#platform/dynamo.ts');
  const calls = new Map<string, { n: number; items: number; ms: number }>();
  let counting = false;
  docClient().middlewareStack.add(
    (next, context) => async (args) => {
      if (!counting) return next(args);
      const input = args.input as { TransactItems?: unknown[]; RequestItems?: Record<string, { Keys?: unknown[] }> };
      const items = input.TransactItems?.length ?? Object.values(input.RequestItems ?? {}).reduce((sum, r) => sum + (r.Keys?.length ?? 0), 0);
      const t0 = performance.now();
      try {
        return await next(args);
      } finally {
        const name = context.commandName ?? 'unknown';
        const c = calls.get(name) ?? { n: 0, items: 0, ms: 0 };
        calls.set(name, { n: c.n + 1, items: c.items + items, ms: c.ms + performance.now() - t0 });
      }
    },
    { step: 'initialize', name: 'leadsBenchCallCounter' },
  );

  const results: Record<string, number> = {};
  let posted = 0;
  const consent = { text: 'I agree.', at, ip: '203.0.113.5', pageUrl: 'https://example.com' };
  /** Posts the next lead through the engine; its decision time in ms. */
  const postNext = async (): Promise<number> => {
    const i = posted++;
    const state = STATES[i % STATES.length]!;
    const t0 = performance.now();
    const out = await intakeLead({
      source: 'vendor', campaignId, vendorId, sourceId: `bench-${i}`, consent,
      lead: { firstName: 'B', lastName: `Lead${i}`, primaryPhone: String(2_000_000_000 + i), stateCode: state, zipCode: pick(zipsOf[state]!) },
    });
    const ms = performance.now() - t0;
    const key = out.status === 'accepted' ? out.result : 'invalid';
    results[key] = (results[key] ?? 0) + 1;
    return ms;
  };
  const f = (x: number) => x.toFixed(1);

  // Warm-up (JIT, caches, connections): a few leads one at a time, which also give the yardstick's size,
  // the mean number of items of the engine's own sale transactions.
  counting = true;
  for (let i = 0; i < WARMUP; i++) await postNext();
  const warm = calls.get('TransactWriteItemsCommand');
  const saleItems = warm ? Math.round(warm.items / warm.n) : SALE_ITEMS;
  calls.clear();

  // 1. A decision's latency: leads one at a time, each followed by one bare TransactWriteItems of the
  //    sale's size, interleaved so both see the same load and the same warmth of DynamoDB Local.
  const sampleRaw = rawTransactionSampler(saleItems);
  const alone: number[] = [];
  const rawAlone: number[] = [];
  const latencyLeads = Math.min(LATENCY_LEADS, LEADS);
  for (let i = 0; i < latencyLeads; i++) {
    alone.push(await postNext());
    rawAlone.push(await sampleRaw());
  }

  // 2. Sustained rate: the rest CONCURRENCY at a time, beside bare transactions of the sale's size on
  //    distinct accounts at the same concurrency (their latency under that load printed beside ours).
  // The bare rate is sampled before and after the leads and averaged: the machine's load drifts.
  const rawLoaded: number[] = [];
  const rawCount = Math.max(300, Math.min(LEADS - posted, 1000));
  const rawRateBefore = await rawTransactionRate(saleItems, rawCount, CONCURRENCY, rawLoaded);
  const loaded: number[] = [];
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const callsBefore = new Map([...calls].map(([k, v]) => [k, { ...v }]));
  const rest = LEADS - posted;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (posted < LEADS) loaded.push(await postNext());
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  counting = false;
  const cpu = process.cpuUsage(cpuBefore);
  const rawRateAfter = await rawTransactionRate(saleItems, rawCount, CONCURRENCY, rawLoaded);
  const rawRate = (rawRateBefore + rawRateAfter) / 2;

  console.log(`leads: ${LEADS} (${JSON.stringify(results)}): ${WARMUP} warm-up, ${latencyLeads} one at a time, ${rest} ${CONCURRENCY} at a time`);
  const ratio = (a: number[], b: number[], p: number) => f(percentile(a, p) / percentile(b, p));
  console.log(
    `decision latency, one at a time, ms: p50 ${f(percentile(alone, 50))}, p95 ${f(percentile(alone, 95))}, p99 ${f(percentile(alone, 99))}` +
      `  beside a bare ${saleItems}-item TransactWriteItems (the sale's mean size), interleaved: p50 ${f(percentile(rawAlone, 50))}, p99 ${f(percentile(rawAlone, 99))}` +
      `  (ratio p50 ${ratio(alone, rawAlone, 50)}x, p99 ${ratio(alone, rawAlone, 99)}x; target ≤ 3x)`,
  );
  console.log(
    `decision latency, ${CONCURRENCY} at a time, ms: p50 ${f(percentile(loaded, 50))}, p95 ${f(percentile(loaded, 95))}, p99 ${f(percentile(loaded, 99))}` +
      `  beside bare transactions ${CONCURRENCY} at a time: p50 ${f(percentile(rawLoaded, 50))}, p99 ${f(percentile(rawLoaded, 99))}` +
      `  (ratio p50 ${ratio(loaded, rawLoaded, 50)}x, p99 ${ratio(loaded, rawLoaded, 99)}x)`,
  );
  const perLead = [...calls]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, c]) => {
      const b = callsBefore.get(name) ?? { n: 0, items: 0, ms: 0 };
      const n = c.n - b.n;
      return `${name.replace(/Command$/, '')} ${(n / Math.max(1, rest)).toFixed(2)} (${((c.items - b.items) / Math.max(1, n)).toFixed(1)} items, ${f((c.ms - b.ms) / Math.max(1, n))} ms each)`;
    });
  console.log(`DynamoDB calls per lead, ${CONCURRENCY} at a time: ${perLead.join('; ')}; node CPU ${f((cpu.user + cpu.system) / 1000 / Math.max(1, rest))} ms per lead`);
  console.log(`sustained: ${f(rest / seconds)} leads/s beside ${f(rawRate)} bare ${saleItems}-item transactions/s at the same concurrency (${f(rawRateBefore)} before the leads, ${f(rawRateAfter)} after; ${f((100 * rest) / seconds / rawRate)} %; target ≥ 70 %)`);

  // Audit: read every lead and sale back and check them against the orders, agents and ledgers.
  const profiles = new Map(agents.map((a) => [a.agentId, a.profile]));
  const orderById = new Map<string, OrderItem>();
  for (const o of orders) orderById.set(o.orderId, (await Order.get({ orderId: o.orderId }))!);
  const leads = (await Promise.all(monthShards(new Date().toISOString().slice(0, 7)).map((q) => q.all()))).flat();
  const audit = { outsideGeography: 0, outsideSchedule: 0, overCap: 0, toPausedOrTerminated: 0, chargedTwice: 0, belowCreditLine: 0, ledgerMismatch: 0, shareOffByMoreThanOne: 0, unsoldWithABuyer: 0 };
  const capCount = new Map<string, number>();
  const salesPerAgent = new Map<string, number>();
  const seenSale = new Set<string>();
  const targets = new Map<string, TargetItem>();
  // Why candidates were passed over, per lead (the decision trace): the fresh reads a decision spends on them.
  const passedOver = new Map<string, number>();
  for (const lead of leads) for (const t of lead.trace) if (t.passedOver) passedOver.set(t.passedOver.replace(/\d+/g, 'N'), (passedOver.get(t.passedOver.replace(/\d+/g, 'N')) ?? 0) + 1);
  console.log(`passed over per lead: ${[...passedOver].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([why, n]) => `${(n / leads.length).toFixed(2)} ${why}`).join('; ')}`);
  for (const lead of leads) {
    if (lead.leadStatus !== 'Sold') continue;
    for (const sale of await LeadSale.query.ofLead(lead.leadId).all()) {
      const order = orderById.get(sale.orderId)!;
      const owner = profiles.get(order.agentId)!;
      const tk = `${sale.orderId}#${lead.stateCode}`;
      if (!targets.has(tk)) {
        const t = await OrderTarget.get({ orderId: sale.orderId, state: lead.stateCode });
        if (t) targets.set(tk, t);
      }
      const target = targets.get(tk);
      if (!target || (target.zips.length > 0 && !target.zips.includes(lead.zipCode))) audit.outsideGeography++;
      const zone = TIME_ZONES[owner.timeZone as keyof typeof TIME_ZONES];
      if (!scheduleCovers(order.slots, localTime(new Date(lead.at), zone))) audit.outsideSchedule++;
      const keys = periodKeys(new Date(lead.at), zone);
      for (const [period, cap] of [['HOUR', order.maxPerHour], ['DAY', order.maxPerDay], ['WEEK', order.maxPerWeek], ['MONTH', order.maxPerMonth]] as const) {
        const k = `${order.orderId}|${period}|${keys[period]}`;
        capCount.set(k, (capCount.get(k) ?? 0) + 1);
        if (cap > 0 && capCount.get(k)! > cap) audit.overCap++;
      }
      if (owner.status !== 1 || owner.orderStatus !== 1) audit.toPausedOrTerminated++;
      const once = `${lead.leadId}#${sale.agentId}`;
      if (seenSale.has(once)) audit.chargedTwice++;
      seenSale.add(once);
      salesPerAgent.set(sale.agentId, (salesPerAgent.get(sale.agentId) ?? 0) + 1);
    }
  }
  for (const [agentId, sales] of salesPerAgent) {
    const entries = await LedgerEntry.query.ofAgent(agentId).all();
    const spends = entries.filter((e) => e.type === 'LeadSpend').length;
    if (spends !== sales) audit.chargedTwice += Math.abs(spends - sales);
    const balance = (await getBalance(agentId))!;
    if (balance.balanceCents < -balance.creditLineCents) audit.belowCreditLine++;
    if (entries.reduce((s, e) => s + e.creditCents - e.debitCents, 0) !== balance.balanceCents) audit.ledgerMismatch++;
  }
  let shares = 0;
  for (const o of orders) {
    const order = (await Order.get({ orderId: o.orderId }))!;
    if (o.recipients.length < 2 || order.leadCount === 0) continue;
    shares++;
    for (const r of o.recipients) if (Math.abs((order.receivedCounts[r.agentId] ?? 0) - (order.leadCount * r.percentage) / 100) > 1) audit.shareOffByMoreThanOne++;
  }
  // An unsold lead that an order could have taken: its target takes the zip, order and agent active,
  // every recipient active, the schedule covers the lead's time, the agent's balance at the end (the
  // bench only spends, so it was at least this then) covers the price, and no cap of the lead's periods
  // is reached at the end (counts only grow). Must be 0: the engine never leaves such a lead unsold.
  const { usedIn } = await import('#core/orders/periods.ts');
  const open = new Map<string, TargetItem[]>();
  for (const state of STATES) open.set(state, await OrderTarget.query.openInState(state).all());
  const finalBalance = new Map<string, number>();
  const spendable = async (agentId: string) => {
    if (!finalBalance.has(agentId)) {
      const b = (await getBalance(agentId))!;
      finalBalance.set(agentId, b.balanceCents + b.creditLineCents);
    }
    return finalBalance.get(agentId)!;
  };
  const [exclusive, shared] = funds;
  let unsold = 0;
  for (const lead of leads) {
    if (lead.leadStatus !== 'Unsold') continue;
    unsold++;
    for (const t of open.get(lead.stateCode) ?? []) {
      if (t.zips.length > 0 && !t.zips.includes(lead.zipCode)) continue;
      const order = orderById.get(t.orderId)!;
      const owner = profiles.get(order.agentId)!;
      if (order.status !== 1 || owner.status !== 1 || owner.orderStatus !== 1) continue;
      if (order.recipients.some((r) => r.percentage > 0 && profiles.get(r.agentId)?.status !== 1)) continue;
      const zone = TIME_ZONES[owner.timeZone as keyof typeof TIME_ZONES];
      if (!scheduleCovers(order.slots, localTime(new Date(lead.at), zone))) continue;
      const fund = order.selectedFundIds.includes(exclusive!.fundId) ? exclusive! : shared!;
      if (order.isFundOrder && fund.category !== 1 && !owner.thirdPartyLeadStatus) continue;
      const price = order.isFundOrder ? (owner.type === 1 ? fund.broker : fund.captive) : owner.type === 1 ? 2400 : 2000;
      if ((await spendable(order.agentId)) < price) continue;
      const keys = periodKeys(new Date(lead.at), zone);
      // The header keeps the current hour, week and month and the last days: a period turned since the lead is not known, so counted full.
      const used = usedIn(order.usage, keys);
      const turned = (period: 'HOUR' | 'DAY' | 'WEEK' | 'MONTH') => period !== 'DAY' && order.usage?.[period] !== undefined && order.usage[period].key !== keys[period];
      let full = false;
      for (const [period, cap] of [['HOUR', order.maxPerHour], ['DAY', order.maxPerDay], ['WEEK', order.maxPerWeek], ['MONTH', order.maxPerMonth]] as const)
        if (cap > 0 && (used[period] >= cap || turned(period))) full = true;
      if (full) continue;
      audit.unsoldWithABuyer++;
      break;
    }
  }
  console.log(`audit over ${leads.length} leads (${unsold} unsold), ${seenSale.size} sales, ${salesPerAgent.size} buying agents, ${shares} split orders (every figure must be 0): ${JSON.stringify(audit)}`);
  if (Object.values(audit).some((v) => v !== 0)) process.exitCode = 1;
}
