// Benchmark of the marketplace reports (issue 12) at a large scale, through the local gateway with an
// admin session: Campaign Performance, Campaign Summary Performance and Fund Performance over 31
// days of PerformanceDay items; Internal Leads (the source list, a busy and a quiet contract's month
// answered whole as the spec's call does, and the busy month's first, middle and last page as the page
// asks for them now); Open Orders (first, middle
// and last page of 25 over every fund and state, one fund, one state, and the other sort columns);
// Ping History over the 31 days before today (first, middle and last page of the busiest
// campaign-vendor pair, newest first, re-sorts, a state and a caller filter, a cold Lambda's first page;
// and the time to record a ping); and each export the server makes (Fund Performance, Open Orders, Ping
// History: one request that writes the CSV to S3 and answers the link, timed start to link).
// Campaign Performance, Campaign Summary and Internal Leads have no export route: the page's CSV is
// made in the browser from the rows already loaded, so their "export" is the page's request.
// Starts its own in-memory DynamoDB Local and s3rver on free ports and stops them.
// Beside each case: the raw DynamoDB Local yardstick, a bare Query of one page of 25 pings (the
// shape of a paged report's read) sampled right after each request, so the machine's load at that
// moment shows; only ratios to it compare across runs.
//
//   npm run bench -- reports            (with reports.bench.ts)
//   npx tsx tests/bench/marketplace-reports.bench.ts [--agents 30000] [--orders 10000] [--sales 100000]
//       [--form-leads 20000] [--pings 50000] [--runs 20] [--skip pages|exports] [--only <word in a case's name>]...
//
// The data, written with the entities' own item builders (`toItem`, as the engine and jobs write them):
// - the directory's agents from the seed's generator (generateAgents);
// - a catalogue of 20 funds, 50 campaigns and 30 vendors (clones of the seed catalogue's items), each
//   campaign sold by 2 to 4 vendors, each pair feeding 2 to 5 funds;
// - --sales leads sold over the 31 days, summed into the PerformanceDay items the sale transaction
//   ADDs to (one per day, fund, campaign and vendor; '-' for a campaign order's sale), 3% credited;
// - --form-leads public-form leads (PublicFormLead with its by-status and by-source index keys) over 8
//   contract maps, the busiest contract about 40% of them;
// - --orders Active orders (85% fund orders of 1 or 2 funds, 15% campaign orders), 1 to 3 states
//   each, with their OrderTarget items in the open-orders index, owned by random agents;
// - --pings live-transfer pings (Ping items as recordPing writes them) over 12 campaign-vendor pairs,
//   the busiest pair about 35% of them; a third bid, the rest carry the engine's no-bid messages.
import os from 'node:os';
import { parseArgs } from 'node:util';
import { percentile } from './raw-dynamodb.ts';
import { BENCH_ORIGIN, withBenchStack } from './bench-stack.ts';

const { values: args } = parseArgs({
  options: {
    agents: { type: 'string', default: '30000' },
    orders: { type: 'string', default: '10000' },
    sales: { type: 'string', default: '100000' },
    'form-leads': { type: 'string', default: '20000' },
    pings: { type: 'string', default: '50000' },
    runs: { type: 'string', default: '20' },
    skip: { type: 'string', multiple: true, default: [] },
    only: { type: 'string', multiple: true, default: [] },
  },
});
const SKIP = new Set(args.skip);
/** Cases whose name contains one of these words (any case); every case when none is given. */
const ONLY = args.only.map((word) => word.toLowerCase());
const chosen = ([name]: [string, string]) => ONLY.length === 0 || ONLY.some((word) => name.toLowerCase().includes(word));
const AGENTS = Number(args.agents);
const ORDERS = Number(args.orders);
const SALES = Number(args.sales);
const FORM_LEADS = Number(args['form-leads']);
const PINGS = Number(args.pings);
const RUNS = Number(args.runs);
const ORIGIN = BENCH_ORIGIN;
const SEED = 20_241_215;
const DAY_MS = 86_400_000;
const loadAtStart = os.loadavg().map((n) => n.toFixed(1)).join(' ');

await withBenchStack({ name: 'marketplace-reports' }, () => run());

async function run(): Promise<void> {
  // Imported after the environment points at the benchmark's own table.
  const { batchPut } = await import('#platform/db.ts');
  const { AgentProfile } = await import('#entities/agent-profile.ts');
  const { User } = await import('#entities/user.ts');
  const { Fund } = await import('#entities/fund.ts');
  const { Campaign } = await import('#entities/campaign.ts');
  const { Vendor } = await import('#entities/vendor.ts');
  const { ContractMap } = await import('#entities/contract-map.ts');
  const { PERFORMANCE_SHARDS, PerformanceDay, PerformanceDayVersion } = await import('#entities/lead-contact-index.ts');
  const { MarketDayTotal, MARKET_TOTAL_SHARDS } = await import('#entities/insight-day.ts');
  const { forgetHeldPerformanceDays } = await import('#core/reports/performance-cells.ts');
  const { forgetHeldPingDays } = await import('#core/reports/ping-history-report.ts');
  const { PublicFormLead } = await import('#entities/public-form-lead.ts');
  const { Order } = await import('#entities/order.ts');
  const { OrderTarget } = await import('#entities/order-target.ts');
  const { OpenOrderRow, OpenOrderShardVersion, OPEN_ORDER_SHARDS, openOrderShardOf } = await import('#entities/open-order-row.ts');
  const { InternalLeadDay } = await import('#entities/internal-lead-day.ts');
  const { reportDay } = await import('#platform/report-day.ts');
  const { Ping, PING_RETENTION_DAYS } = await import('#entities/ping.ts');
  const { generateAgents } = await import('#core/seed/agents.ts');
  const { buildCatalogue } = await import('#core/seed/catalogue.ts');
  const { DEMO_USERS } = await import('#core/seed/demo-users.ts');
  const { stableId } = await import('#core/seed/ids.ts');
  const { seededRandom } = await import('#core/seed/random.ts');
  const { CONSENT_SCRIPT } = await import('#shared/sales-forms.ts');
  const { US_STATES } = await import('#shared/lookups.ts');
  const { ALL_FUNDS_ID } = await import('#shared/api/reports-performance.ts');
  const { createSession } = await import('#core/identity/sessions.ts');
  const { startGateway } = await import('../../infra/local/gateway.ts');

  const today = new Date(Date.UTC(2025, 0, 15));
  const random = seededRandom(SEED);
  const range = { start: '2024-12-15', end: '2025-01-14' };
  const days = Array.from({ length: 31 }, (_, i) => new Date(Date.parse(`${range.start}T00:00:00Z`) + i * DAY_MS).toISOString().slice(0, 10));
  /** A moment of a day, mostly in US business hours (14:00–23:30 UTC: inside the day in Central). */
  const momentOf = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + (random.chance(0.9) ? random.int(14 * 60, 23 * 60 + 29) : random.int(6 * 60, 14 * 60 - 1)) * 60_000 + random.int(0, 59_999));
  /** An index drawn with weight 1/(i+1)^skew: a few busy members, a long tail. */
  const skewedPicker = (n: number, skew: number) => {
    const weights = Array.from({ length: n }, (_, i) => 1 / (i + 1) ** skew);
    const total = weights.reduce((s, w) => s + w, 0);
    return () => {
      let roll = random.next() * total;
      for (let i = 0; i < n; i++) if ((roll -= weights[i]!) < 0) return i;
      return n - 1;
    };
  };
  const items: Record<string, unknown>[] = [];
  const createdAt = new Date(today.getTime() - 400 * DAY_MS).toISOString();

  // The directory and the staff users (the admin's session).
  const agents = generateAgents(AGENTS, random, today);
  for (const a of agents) items.push(AgentProfile.toItem(a.profile));
  for (const u of DEMO_USERS)
    items.push(
      User.toItem({
        userId: u.userId, email: u.email, name: u.name, kind: u.kind, ...(u.agentId ? { agentId: u.agentId } : {}),
        isAdmin: u.isAdmin ?? false, isManager: u.isManager ?? false, isLeadConnectHome: u.isLeadConnectHome ?? false,
        isSalesAssistant: u.isSalesAssistant ?? false, isSponsorAgent: u.isSponsorAgent ?? false, isFundPreview: u.isFundPreview ?? false, createdAt,
      }),
    );

  // The catalogue: clones of the seed's first fund, campaign and vendor with their own ids, names and codes.
  const base = buildCatalogue(today);
  const pad = (n: number) => String(n).padStart(2, '0');
  const LINES = ['Health', 'Medicare', 'Life', 'Employer', 'Supplemental'];
  const funds = Array.from({ length: 20 }, (_, i) => ({ ...base.funds[0]!, fundId: stableId('bench-fund', pad(i)), name: `${LINES[i % 5]} Fund ${pad(i + 1)}`, code: `BF${pad(i + 1)}`, isActive: true }));
  const campaigns = Array.from({ length: 50 }, (_, i) => ({ ...base.campaigns[0]!, campaignId: stableId('bench-campaign', pad(i)), name: `${LINES[i % 5]} Campaign ${pad(i + 1)}`, code: `BC${pad(i + 1)}` }));
  const vendors = Array.from({ length: 30 }, (_, i) => ({ ...base.vendors[0]!, vendorId: stableId('bench-vendor', pad(i)), name: `Vendor ${pad(i + 1)} Media`, code: `BV${pad(i + 1)}` }));
  for (const f of funds) items.push(Fund.toItem(f));
  for (const c of campaigns) items.push(Campaign.toItem(c));
  for (const v of vendors) items.push(Vendor.toItem(v));

  // Performance: each sale ADDs one lead to its day's (fund, campaign, vendor) item; here the month's sales are summed first.
  const cells: { campaignId: string; vendorId: string; fundId: string; priceCents: number; companyCents: number }[] = [];
  for (const c of campaigns) {
    const pairVendors = new Set<number>();
    const vendorCount = random.int(2, 4);
    while (pairVendors.size < vendorCount) pairVendors.add(random.int(0, vendors.length - 1));
    for (const v of pairVendors) {
      const companyCents = random.int(8, 30) * 100;
      const fundCount = random.int(2, 5);
      const pairFunds = new Set<number>();
      while (pairFunds.size < fundCount) pairFunds.add(random.int(0, funds.length - 1));
      for (const f of pairFunds) cells.push({ campaignId: c.campaignId, vendorId: vendors[v]!.vendorId, fundId: funds[f]!.fundId, priceCents: companyCents + random.int(5, 25) * 100, companyCents });
      // Campaign orders buy the pair without a fund.
      cells.push({ campaignId: c.campaignId, vendorId: vendors[v]!.vendorId, fundId: '-', priceCents: companyCents + 1_000, companyCents });
    }
  }
  const pickCell = skewedPicker(cells.length, 0.6);
  const perfItems = new Map<string, { day: string; fundId: string; campaignId: string; vendorId: string; leadsPurchased: number; leadsCredited: number; totalLeads: number; scoreSum: number; agentPriceSumCents: number; companyPriceSumCents: number }>();
  for (let s = 0; s < SALES; s++) {
    const cell = cells[pickCell()]!;
    const day = days[random.int(0, days.length - 1)]!;
    const key = `${day}#${cell.fundId}#${cell.campaignId}#${cell.vendorId}`;
    const item = perfItems.get(key) ?? { day, fundId: cell.fundId, campaignId: cell.campaignId, vendorId: cell.vendorId, leadsPurchased: 0, leadsCredited: 0, totalLeads: 0, scoreSum: 0, agentPriceSumCents: 0, companyPriceSumCents: 0 };
    item.leadsPurchased += 1;
    item.totalLeads += 1;
    item.scoreSum += random.int(520, 880);
    item.agentPriceSumCents += cell.priceCents;
    item.companyPriceSumCents += cell.companyCents;
    if (random.chance(0.03)) item.leadsCredited += 1;
    perfItems.set(key, item);
  }
  // The performance view spreads a day's cells over its shards, and raises each day's version after a batch.
  let spread = 0;
  for (const p of perfItems.values()) items.push(PerformanceDay.toItem({ ...p, shard: spread++ % PERFORMANCE_SHARDS }));
  for (const day of days) items.push(PerformanceDayVersion.toItem({ day, version: 1 }));
  // The marketplace's day totals (the staff Home's insights) of the same sales.
  for (const day of days) {
    const shards = Array.from({ length: MARKET_TOTAL_SHARDS }, (_, shard) => ({ day, shard, received: 0, sold: 0, sales: 0, revenueCents: 0, vendorCostCents: 0 }));
    let n = 0;
    for (const p of perfItems.values()) {
      if (p.day !== day) continue;
      const shard = shards[n++ % MARKET_TOTAL_SHARDS]!;
      shard.received += p.leadsPurchased;
      shard.sold += p.leadsPurchased;
      shard.sales += p.leadsPurchased;
      shard.revenueCents += p.agentPriceSumCents;
      shard.vendorCostCents += p.companyPriceSumCents;
    }
    for (const shard of shards) items.push(MarketDayTotal.toItem(shard));
  }

  // Internal leads: the contract maps (the lead sources) and their public-form leads, as submitPublicForm stores them and the engine's answer marks them.
  const contracts = Array.from({ length: 8 }, (_, i) => ({
    contractKey: stableId('bench-contract', pad(i)), contractName: `${LINES[i % 5]} Web Intake ${pad(i + 1)}`, contractId: `WEB-${1000 + i}`, campaignId: campaigns[i]!.campaignId,
    f9List: i % 2 ? `F9-${5000 + i}` : '', createdDate: createdAt, revision: 1, modifiedBy: 'bench', lastUpdated: createdAt,
  }));
  for (const c of contracts) items.push(ContractMap.toItem(c));
  const pickContract = skewedPicker(contracts.length, 1.2);
  const places = [['Chicago', 'Cook', 'IL', '60601'], ['Dallas', 'Dallas', 'TX', '75201'], ['Miami', 'Miami-Dade', 'FL', '33130'], ['Columbus', 'Franklin', 'OH', '43215'], ['Denver', 'Denver', 'CO', '80202'], ['Atlanta', 'Fulton', 'GA', '30303']] as const;
  const results = ['sold', 'sold', 'sold', 'unsold', 'duplicate', 'callCenter'];
  const perContract = new Array<number>(contracts.length).fill(0);
  // The per-day source counts the submission's transaction ADDs to (#92a), summed here.
  const leadDays = new Map<string, { source: string; day: string; count: number }>();
  for (let i = 0; i < FORM_LEADS; i++) {
    const ci = pickContract();
    perContract[ci]!++;
    const contract = contracts[ci]!;
    const receivedAt = momentOf(days[random.int(0, days.length - 1)]!).toISOString();
    const leadDay = leadDays.get(`${contract.contractId}#${reportDay(receivedAt)}`) ?? { source: contract.contractId, day: reportDay(receivedAt), count: 0 };
    leadDay.count++;
    leadDays.set(`${contract.contractId}#${leadDay.day}`, leadDay);
    const [city, county, state, zipCode] = random.pick(places);
    const status = random.chance(0.9) ? 'Routed' : random.chance(0.5) ? 'Refused' : 'Received';
    const serial = String(i).padStart(6, '0');
    items.push(
      PublicFormLead.toItem({
        leadId: stableId('bench-form-lead', serial), form: 'lead', contractId: contract.contractId, campaignId: contract.campaignId, lineOfBusiness: LINES[ci % 5]!, status, receivedAt,
        firstName: `First${serial}`, lastName: `Last${serial}`, address: `${100 + (i % 800)} Oak Street`, addressLine2: '', city, county, state, zipCode, birthDate: '04/12/1970',
        phone: `312555${serial.slice(2)}`, alternatePhone: '', email: `lead${serial}@example.com`, contactTime: 'Morning', contactDay: 'Monday', notes: '',
        consent: { text: CONSENT_SCRIPT.text, version: CONSENT_SCRIPT.version, at: receivedAt, ip: `203.0.113.${(i % 250) + 1}`, pageUrl: 'https://quotes.example.com/health', userAgent: 'Mozilla/5.0 (bench)' },
        ...(status === 'Routed' ? { intake: { at: receivedAt, leadId: stableId('bench-lead', serial), userFacingLeadId: 500_000 + i, result: random.pick(results) } } : {}),
        ...(status === 'Refused' ? { intake: { at: receivedAt, reasons: ['Zip code is not in the campaign area.'] } } : {}),
      }),
    );
  }

  for (const d of leadDays.values()) items.push(InternalLeadDay.toItem(d));

  // Open orders: Active orders over the directory, fund orders skewed to the busy funds, states to the big ones.
  const states = US_STATES.map((s) => s.StateAbbreviation);
  const pickFund = skewedPicker(funds.length, 0.8);
  const pickState = skewedPicker(states.length, 0.7);
  const stateOrder = [...states].sort(() => random.next() - 0.5);
  let fundOrders = 0;
  let targets = 0;
  for (let o = 0; o < ORDERS; o++) {
    const owner = agents[random.int(0, agents.length - 1)]!.profile;
    const orderId = stableId('bench-order', String(o));
    const isFundOrder = random.chance(0.85);
    const fundIds = isFundOrder ? [...new Set([pickFund(), ...(random.chance(0.4) ? [pickFund()] : [])])].map((i) => funds[i]!.fundId) : [];
    const cell = cells[random.int(0, cells.length - 1)]!;
    const orderStates = [...new Set(Array.from({ length: random.int(1, 3) }, () => stateOrder[pickState()]!))].sort();
    const at = new Date(today.getTime() - random.int(1, 300) * DAY_MS).toISOString();
    const leadCount = random.int(0, 400);
    const lastLeadAt = leadCount ? momentOf(days[random.int(0, days.length - 1)]!).toISOString() : undefined;
    if (isFundOrder) fundOrders++;
    items.push(
      Order.toItem({
        orderId, userFacingOrderId: 200_001 + o, agentId: owner.agentId, createdAt: at, lastUpdated: at, modifiedBy: owner.email, description: `${owner.lastName} ${isFundOrder ? 'fund' : 'campaign'} order ${o + 1}`,
        status: 1, priority: owner.priority, isFundOrder, statesOnly: true, maxPerHour: 0, maxPerDay: random.int(0, 10), maxPerWeek: 0, maxPerMonth: 0, selectedFundIds: fundIds,
        campaigns: isFundOrder ? [] : [{ campaignId: cell.campaignId, vendorIds: [cell.vendorId] }], recipients: [{ agentId: owner.agentId, firstName: owner.firstName, lastName: owner.lastName, percentage: 100 }],
        slots: [], stateCount: orderStates.length, zipCodeCount: 0, targetStates: orderStates, attention: [], receivedCounts: {}, leadCount,
        ...(lastLeadAt ? { lastLeadAt } : {}), revision: 1, createDigest: stableId('bench-digest', orderId),
      }),
    );
    for (const state of orderStates) {
      targets++;
      items.push(OrderTarget.toItem({ orderId, agentId: owner.agentId, state, fundIds, campaignVendors: isFundOrder ? [] : [`${cell.campaignId}#${cell.vendorId}`], zips: [], active: true }));
    }
    // The Open Orders report's view row, as the projector writes it from the header.
    if (isFundOrder)
      items.push(
        OpenOrderRow.toItem({
          shard: openOrderShardOf(orderId), orderId, agentId: owner.agentId, userFacingOrderId: 200_001 + o, description: `${owner.lastName} fund order ${o + 1}`, fundIds, states: orderStates,
          leadCount, ...(lastLeadAt ? { lastLeadAt } : {}), createdAt: at, lastUpdated: at,
        }),
      );
  }
  for (let shard = 0; shard < OPEN_ORDER_SHARDS; shard++) items.push(OpenOrderShardVersion.toItem({ shard, version: 1 }));
  const busiestFund = funds[0]!;
  const busiestState = stateOrder[0]!;

  // Pings: live-transfer pings of 12 campaign-vendor pairs, as recordPing writes them, over the 31 days
  // before today: Ping History holds only days whose pings cannot expire soon (90 days), so these are
  // recent days, not the other reports' range.
  const pingToday = new Date(Date.parse(`${new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date())}T00:00:00Z`));
  const pingDays = Array.from({ length: 31 }, (_, i) => new Date(pingToday.getTime() - (31 - i) * DAY_MS).toISOString().slice(0, 10));
  const pingRange = { start: pingDays[0]!, end: pingDays.at(-1)! };
  let pingWriteLine = '';
  const pingFacts: Parameters<typeof Ping.toItem>[0][] = [];
  const pingPairs = Array.from({ length: 12 }, (_, i) => ({ campaign: campaigns[38 + i]!, vendor: vendors[i % 5]! }));
  const pickPair = skewedPicker(pingPairs.length, 1.1);
  const perPair = new Array<number>(pingPairs.length).fill(0);
  const noBid = ['No bid for this caller.', 'No agent can take the call now.', 'The campaign is not open.'];
  for (let i = 0; i < PINGS; i++) {
    const pi = pickPair();
    perPair[pi]!++;
    const { campaign, vendor } = pingPairs[pi]!;
    const at = momentOf(pingDays[random.int(0, pingDays.length - 1)]!);
    const [, , stateCode, zipCode] = random.pick(places);
    const bid = random.chance(0.35);
    pingFacts.push({
      pingId: stableId('bench-ping', String(i)), at: at.toISOString(), campaignCode: campaign.code, vendorCode: vendor.code, campaignId: campaign.campaignId, vendorId: vendor.vendorId,
      callerId: `${random.int(201, 989)}${String(random.int(0, 9_999_999)).padStart(7, '0')}`, stateCode, zipCode, ...(bid ? { bidCents: random.int(15, 60) * 100 } : {}),
      errorMessages: bid ? [] : [random.pick(noBid)], ttl: Math.floor(at.getTime() / 1000) + PING_RETENTION_DAYS * 86_400,
    });
  }
  for (const p of pingFacts) items.push(Ping.toItem(p));

  const seedStarted = performance.now();
  await batchPut(items, { concurrency: 32 });
  const seedMs = performance.now() - seedStarted;

  // The yardstick: one bare Query of 25 pings of the busiest pair, oldest first.
  const busy = pingPairs[0]!;
  const quiet = pingPairs.at(-1)!;
  const rawQuery = async (): Promise<number> => {
    const started = performance.now();
    await Ping.query.ofCampaignVendor(busy.campaign.code, busy.vendor.code, `${pingRange.start}T06:00:00.000Z`, `${pingRange.end}T23:59:59.999Z`).page({ limit: 25 });
    return performance.now() - started;
  };

  // Recording a ping: one Put (its counters are the projector's).
  if (chosen(['ping write', ''])) {
    const puts: number[] = [];
    for (let i = 0; i < Math.max(40, RUNS * 2); i++) {
      const started = performance.now();
      await Ping.create({ ...pingFacts[i]!, pingId: stableId('bench-ping-write', String(i)), at: new Date(Date.now() - i * 1000).toISOString() });
      puts.push(performance.now() - started);
    }
    pingWriteLine = `record a ping (one Put): p50 ${fmt(percentile(puts, 50))} / p95 ${fmt(percentile(puts, 95))} ms (${puts.length})`;
  }

  const admin = `lc_session=${(await createSession(DEMO_USERS.find((u) => u.role === 'admin')!.userId)).token}`;
  const gateway = await startGateway({ port: 0 });
  const get = async (pathAndQuery: string, method = 'GET'): Promise<{ status: number; body: unknown; bytes: number }> => {
    const res = await fetch(`${gateway.url}/api${pathAndQuery}`, { method, headers: { cookie: admin, origin: ORIGIN } });
    const text = await res.text();
    // A refusal (a 400, or the gateway's Lambda size limit) is printed as the case's outcome, not thrown.
    let body: unknown;
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      body = { ErrorMessages: [text.slice(0, 120)] };
    }
    return { status: res.status, body, bytes: text.length };
  };

  const compact = (day: string, time: string) => `${day.replaceAll('-', '')}${time}`;
  const perf = (report: string) => `/${report}/start/${range.start}/end/${range.end}`;
  const internal = (source: string, start = range.start) => `/internalleadsreport/start/${compact(start, '000000')}/end/${compact(range.end, '235959')}/lead/${source}`;
  const internalPage = (source: string, page: number) => `/internalleadsreport/page/start/${compact(range.start, '000000')}/end/${compact(range.end, '235959')}/lead/${source}?page=${page}&pageSize=25`;
  const open = (fundId: string, state: string, query: string) => `/openordersfromfunds/fund/${fundId}/state/${state}?${query}`;
  const pings = (pair: { campaign: { code: string }; vendor: { code: string } }, query: string) =>
    `/lead/pinghistory/startDate/${pingRange.start}/endDate/${pingRange.end}/campaign/${pair.campaign.code}/vendor/${pair.vendor.code}?${query}`;
  const busyContract = contracts[0]!;
  const quietContract = contracts.at(-1)!;

  // The page counts, for the middle and last pages.
  const pagesOf = async (pathAndQuery: string) => Number(((await get(pathAndQuery)).body as { Pages?: number }).Pages ?? 1);
  const openAllPages = await pagesOf(open(ALL_FUNDS_ID, 'all', 'page=1'));
  const openFundPages = await pagesOf(open(busiestFund.fundId, 'all', 'page=1'));
  const pingPages = await pagesOf(pings(busy, 'page=1'));
  const internalPages = Math.ceil(perContract[0]! / 25);

  const cases: [string, string][] = [
    ['campaign performance: 31 days (every row; the page pages in the browser)', perf('campaignperformance')],
    ['campaign summary performance: 31 days', perf('campaignsummaryperformance')],
    ['fund performance: 31 days', perf('fundperformance')],
    ['campaign performance: 31 days, a cold Lambda (nothing held: the days\' stored sums)', perf('campaignperformance')],
    ['fund performance: 31 days, a cold Lambda (nothing held: the days\' stored sums)', perf('fundperformance')],
    ['internal leads: the lead sources (internalleadusers)', '/internalleadusers'],
    [`internal leads: busiest contract, 31 days (${perContract[0]} leads, answered whole)`, internal(busyContract.contractId)],
    [`internal leads: busiest contract, 31 days, first page (server paged)`, internalPage(busyContract.contractId, 1)],
    [`internal leads: busiest contract, 31 days, middle page (${Math.ceil(internalPages / 2)})`, internalPage(busyContract.contractId, Math.ceil(internalPages / 2))],
    [`internal leads: busiest contract, 31 days, last page (${internalPages})`, internalPage(busyContract.contractId, internalPages)],
    [`internal leads: busiest contract, 1 day`, internal(busyContract.contractId, range.end)],
    [`internal leads: quietest contract, 31 days (${perContract.at(-1)} leads)`, internal(quietContract.contractId)],
    ['open orders: all funds, all states, first page (by agent)', open(ALL_FUNDS_ID, 'all', 'page=1&pageSize=25')],
    [`open orders: all funds, all states, middle page (${Math.ceil(openAllPages / 2)})`, open(ALL_FUNDS_ID, 'all', `page=${Math.ceil(openAllPages / 2)}&pageSize=25`)],
    [`open orders: all funds, all states, last page (${openAllPages})`, open(ALL_FUNDS_ID, 'all', `page=${openAllPages}&pageSize=25`)],
    ['open orders: busiest fund, all states, first page', open(busiestFund.fundId, 'all', 'page=1&pageSize=25')],
    [`open orders: busiest fund, all states, last page (${openFundPages})`, open(busiestFund.fundId, 'all', `page=${openFundPages}&pageSize=25`)],
    [`open orders: all funds, ${busiestState}, first page`, open(ALL_FUNDS_ID, busiestState, 'page=1&pageSize=25')],
    [`open orders: busiest fund, ${busiestState}, first page`, open(busiestFund.fundId, busiestState, 'page=1&pageSize=25')],
    ['open orders: all funds, all states, by lead count desc, first page', open(ALL_FUNDS_ID, 'all', 'page=1&pageSize=25&sortColumnName=LeadCount&sortOrder=desc')],
    [`open orders: all funds, all states, by lead count, middle page (${Math.ceil(openAllPages / 2)})`, open(ALL_FUNDS_ID, 'all', `page=${Math.ceil(openAllPages / 2)}&pageSize=25&sortColumnName=LeadCount`)],
    [`open orders: all funds, all states, by last lead desc, page ${Math.ceil(openAllPages / 3)}`, open(ALL_FUNDS_ID, 'all', `page=${Math.ceil(openAllPages / 3)}&pageSize=25&sortColumnName=LastLeadDate&sortOrder=desc`)],
    ['open orders: busiest fund, all states, by last lead, first page', open(busiestFund.fundId, 'all', 'page=1&pageSize=25&sortColumnName=LastLeadDate')],
    ['open orders: busiest fund, all states, by last update, first page', open(busiestFund.fundId, 'all', 'page=1&pageSize=25&sortColumnName=LastUpdated')],
    [`open orders: all funds, all states, by created desc, middle page (${Math.ceil(openAllPages / 2)})`, open(ALL_FUNDS_ID, 'all', `page=${Math.ceil(openAllPages / 2)}&pageSize=25&sortColumnName=Created&sortOrder=desc`)],
    [`open orders: all funds, all states, by order id, page ${Math.ceil(openAllPages / 3)}`, open(ALL_FUNDS_ID, 'all', `page=${Math.ceil(openAllPages / 3)}&pageSize=25&sortColumnName=UserFacingOrderId`)],
    [`ping history: busiest pair (${perPair[0]} pings), first page`, pings(busy, 'page=1&pageSize=25')],
    [`ping history: busiest pair, middle page (${Math.ceil(pingPages / 2)})`, pings(busy, `page=${Math.ceil(pingPages / 2)}&pageSize=25`)],
    [`ping history: busiest pair, last page (${pingPages})`, pings(busy, `page=${pingPages}&pageSize=25`)],
    ['ping history: busiest pair, newest first, first page', pings(busy, 'page=1&pageSize=25&sortOrder=desc')],
    ['ping history: busiest pair, by bid desc, first page', pings(busy, 'page=1&pageSize=25&sortColumnName=BidAmount&sortOrder=desc')],
    ['ping history: busiest pair, state filter TX, first page', pings(busy, 'page=1&pageSize=25&StateCode=TX')],
    [`ping history: busiest pair, newest first, last page (${pingPages})`, pings(busy, `page=${pingPages}&pageSize=25&sortOrder=desc`)],
    [`ping history: busiest pair, by bid desc, middle page (${Math.ceil(pingPages / 2)})`, pings(busy, `page=${Math.ceil(pingPages / 2)}&pageSize=25&sortColumnName=BidAmount&sortOrder=desc`)],
    [`ping history: busiest pair, by state, last page (${pingPages})`, pings(busy, `page=${pingPages}&pageSize=25&sortColumnName=StateCode`)],
    ['ping history: busiest pair, by error messages desc, first page', pings(busy, 'page=1&pageSize=25&sortColumnName=ErrorMessages&sortOrder=desc')],
    ['ping history: busiest pair, state filter TX, last page', pings(busy, 'page=120&pageSize=25&StateCode=TX')],
    ['ping history: busiest pair, caller filter 555, first page', pings(busy, 'page=1&pageSize=25&CallerId=555')],
    ['ping history: busiest pair, first page, a cold Lambda (nothing held: the 31 days read)', pings(busy, 'page=1&pageSize=25')],
    [`ping history: quietest pair (${perPair.at(-1)} pings), first page`, pings(quiet, 'page=1&pageSize=25')],
  ];
  const exportCases: [string, string][] = [
    ['fund performance, 31 days (end one day later)', `/fundperformance/export/startDate/${range.start}/endDate/2025-01-15`],
    ['open orders, all funds, all states', `/openordersfromfunds/export/fund/${ALL_FUNDS_ID}/state/all`],
    [`internal leads, busiest contract, 31 days (${perContract[0]} rows)`, `/internalleadsreport/export/start/${compact(range.start, '000000')}/end/${compact(range.end, '235959')}/lead/${busyContract.contractId}`],
    [`open orders, busiest fund, ${busiestState}`, `/openordersfromfunds/export/fund/${busiestFund.fundId}/state/${busiestState}`],
    [`ping history, busiest pair, 31 days (${perPair[0]} rows)`, `/lead/pinghistory/export/startDate/${pingRange.start}/endDate/${pingRange.end}/campaign/${busy.campaign.code}/vendor/${busy.vendor.code}`],
    [`ping history, quietest pair, 31 days (${perPair.at(-1)} rows)`, `/lead/pinghistory/export/startDate/${pingRange.start}/endDate/${pingRange.end}/campaign/${quiet.campaign.code}/vendor/${quiet.vendor.code}`],
  ];

  const outcomeOf = (body: unknown, status: number): string => {
    if (status !== 200) return `HTTP ${status}: ${String((body as { ErrorMessages?: string[] }).ErrorMessages?.[0])}`;
    if (Array.isArray(body)) return `${body.length} rows`;
    const b = body as { Result?: unknown[]; Data?: unknown[]; TotalCount?: number; Url?: string };
    if (b.Result) return `${b.Result.length} rows`;
    if (b.Data) return `${b.Data.length} rows of ${b.TotalCount}`;
    return b.Url ? 'link' : 'answered';
  };
  const rawLine = (raw: number[]) => `raw Query p50 ${fmt(percentile(raw, 50))} / p95 ${fmt(percentile(raw, 95))} ms`;

  try {
    const lines: string[] = [];
    let within = 0;
    let timed = 0;
    // The first read of the range reads the days' cells, holds them and stores the closed days' sums.
    const firstStarted = performance.now();
    await get(perf('fundperformance'));
    const firstMs = performance.now() - firstStarted;
    for (const [name, query] of SKIP.has('pages') ? [] : cases.filter(chosen)) {
      const samples: number[] = [];
      const raw: number[] = [];
      let last = { status: 0, body: {} as unknown, bytes: 0 };
      // A case whose first request takes over a second gets a quarter of the runs (at least 5): its verdict is plain.
      let runs = RUNS;
      for (let i = 0; i < runs; i++) {
        if (name.includes('a cold Lambda')) [forgetHeldPerformanceDays, forgetHeldPingDays].forEach((forget) => forget());
        const started = performance.now();
        last = await get(query);
        samples.push(performance.now() - started);
        raw.push(await rawQuery());
        if (i === 0 && samples[0]! > 1_000) runs = Math.min(RUNS, Math.max(5, Math.floor(RUNS / 4)));
      }
      const p95 = percentile(samples, 95);
      timed++;
      if (p95 <= 300) within++;
      lines.push(
        `${name.padEnd(74)} p50 ${fmt(percentile(samples, 50)).padStart(7)} ms, p95 ${fmt(p95).padStart(7)} ms ${p95 <= 300 ? '(<= 300)' : '(OVER 300)'}  (${runs < RUNS ? `${runs} runs; ` : ''}${outcomeOf(last.body, last.status)}, ${(last.bytes / 1024).toFixed(0)} KiB; ${rawLine(raw)})`,
      );
    }
    const exportRuns = Math.max(3, Math.floor(RUNS / 4));
    for (const [name, query] of SKIP.has('exports') ? [] : exportCases.filter(chosen)) {
      const samples: number[] = [];
      let last = { status: 0, body: {} as unknown, bytes: 0 };
      for (let i = 0; i < exportRuns; i++) {
        const started = performance.now();
        last = await get(query, 'POST');
        samples.push(performance.now() - started);
      }
      const url = (last.body as { Url?: string }).Url;
      const csv = url ? await fetch(url).then((r) => (r.ok ? r.text() : ''), () => '') : '';
      const rows = Math.max(0, csv.split('\r\n').filter((l) => l !== '').length - 1);
      lines.push(
        `${`CSV export start to link: ${name}`.padEnd(74)} p50 ${fmt(percentile(samples, 50)).padStart(7)} ms, p95 ${fmt(percentile(samples, 95)).padStart(7)} ms (${exportRuns} runs; ${last.status === 200 ? `${rows} rows, ${(csv.length / 1024).toFixed(0)} KiB` : outcomeOf(last.body, last.status)})`,
      );
    }
    console.log(
      `DynamoDB Local (in memory), Node ${process.version}; ${AGENTS} agents; ${funds.length} funds, ${campaigns.length} campaigns, ${vendors.length} vendors, ${cells.length} fund-campaign-vendor cells; ` +
        `${SALES} sales in ${perfItems.size} PerformanceDay items (31 days); ${FORM_LEADS} public-form leads over ${contracts.length} contracts; ` +
        `${ORDERS} Active orders (${fundOrders} fund orders) with ${targets} open-orders targets; ${PINGS} pings over ${pingPairs.length} pairs; ${items.length} items written in ${fmt(seedMs / 1000)} s; range ${range.start} to ${range.end}`,
    );
    console.log(`load average at the start ${loadAtStart}, at the end ${os.loadavg().map((n) => n.toFixed(1)).join(' ')}`);
    console.log(`the first Fund Performance request of the range (reads the 31 days' cells, holds them and stores their sums): ${fmt(firstMs)} ms`);
    console.log(`each case ${RUNS} requests (5 when the first takes over a second) through the local gateway (target p95 <= 300 ms), each followed by one raw Query of 25 pings:`);
    for (const line of lines) console.log(`  ${line}`);
    if (pingWriteLine) console.log(pingWriteLine);
    if (timed) console.log(`pages with p95 <= 300 ms: ${within} of ${timed}`);
  } finally {
    await gateway.stop();
  }
}

function fmt(ms: number): string {
  return ms.toFixed(1);
}
