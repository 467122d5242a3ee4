// Benchmark of orders (issue 10 "Done means"): saving a fund order with 500 zip codes and 10
// recipients (the owner and 9 of their downline), create and update, through the local gateway as the
// agent; and loading My Orders (GET agentOrders/false) for an agent with 200 orders. Each is printed
// beside what the same DynamoDB Local does bare in the same run, sampled interleaved with it: a
// TransactWriteItems of as many items as the save writes, and one Query of the 200 order headers.
//
//   npx tsx tests/bench/orders.bench.ts [--saves 20] [--orders 200] [--lists 20]
import { parseArgs } from 'node:util';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { FundOrderBody } from '#shared/orders/payload.ts';
import { percentile, rawTransactionSampler } from './raw-dynamodb.ts';
import { BENCH_ORIGIN, withBenchStack } from './bench-stack.ts';

const { values: args } = parseArgs({ options: { saves: { type: 'string', default: '20' }, orders: { type: 'string', default: '200' }, lists: { type: 'string', default: '20' } } });
const SAVES = Number(args.saves);
const ORDERS = Number(args.orders);
const LISTS = Number(args.lists);
const ORIGIN = BENCH_ORIGIN;
const WARM_UP = 3;

await withBenchStack({ name: 'orders' }, () => run());

async function run(): Promise<void> {
  // Imported after the environment points at the benchmark's own table.
  const { seed } = await import('#core/seed/index.ts');
  const { createSession } = await import('#core/identity/sessions.ts');
  const { Downline } = await import('#entities/downline.ts');
  const { stableId } = await import('#core/seed/ids.ts');
  const { zipsWithin } = await import('#core/address/zip-lookup.ts');
  const { docClient, tableName } = await import('#platform/dynamo.ts');
  const { startGateway } = await import('../../infra/local/gateway.ts');

  await seed({ agents: 120 });
  const sponsor = 'A000001';
  const team = (await Downline.query.ofAncestor(sponsor).all()).filter((d) => d.status === 1).slice(0, 9);
  if (team.length < 9) throw new Error(`the sponsor has ${team.length} active agents below them`);
  const zips = (await zipsWithin('60601', 100))!.filter((z) => z.place.state === 'IL').slice(0, 500).map((z) => z.place.zip);
  if (zips.length < 500) throw new Error(`only ${zips.length} Illinois zips near Chicago`);
  const cookie = `lc_session=${(await createSession('U-sponsor')).token}`;
  const gateway = await startGateway({ port: 0 });

  const recipients = [{ AgentId: sponsor, Percentage: 10 }, ...team.map((d) => ({ AgentId: d.descendantId, Percentage: 10 }))];
  let n = 0;
  const body = (orderId: string, over: Partial<FundOrderBody> = {}): FundOrderBody => ({
    OrderId: orderId,
    Description: `Bench order ${n}`,
    SelectedFunds: [stableId('fund', 'HLTH-EX'), stableId('fund', 'MED-SH')],
    StatesOnly: false,
    States: [],
    ZipCodes: [{ Key: 'Zip Codes', ZipCodes: zips.map((ZipCode) => ({ ZipCode })) }],
    MaxPerHour: 2,
    MaxPerDay: 10,
    MaxPerWeek: 40,
    MaxPerMonth: 100,
    OrderRecipients: recipients,
    OrderTimeSlots: [{ StartSlot: 16, EndSlot: 36, Days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'] }],
    ...over,
  });
  const send = async (method: string, path: string, payload?: unknown) => {
    const res = await fetch(`${gateway.url}/api${path}`, {
      method,
      headers: { origin: ORIGIN, cookie, ...(payload ? { 'content-type': 'application/json' } : {}) },
      body: payload ? JSON.stringify(payload) : undefined,
    });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${path}: HTTP ${res.status} ${text.slice(0, 300)}`);
    return text;
  };
  const create = (orderId: string) => send('POST', `/agent/${sponsor}/fundOrders`, body(orderId));
  const update = (orderId: string, revision: number) => send('PUT', `/agent/${sponsor}/fundOrders/${orderId}`, body(orderId, { Description: `Updated ${revision}`, Revision: revision }));

  try {
    // The save's items: header, geography, history, status history (create), 9 recipients, 1 target (IL).
    const SAVE_ITEMS = 4 + 9 + 1;
    const rawSave = rawTransactionSampler(SAVE_ITEMS);
    for (let i = 0; i < WARM_UP; i++) {
      await create(`O-warm-${i}`);
      await rawSave();
    }
    const creates: number[] = [];
    const updates: number[] = [];
    const raw: number[] = [];
    for (let i = 0; i < SAVES; i++) {
      const id = `O-bench-${i}`;
      n = i;
      creates.push(await timed(() => create(id)));
      raw.push(await rawSave());
      updates.push(await timed(() => update(id, 1)));
      raw.push(await rawSave());
    }

    // 200 orders of one agent: a generated team member (the demo agents have seeded orders), made by an admin for speed.
    const lister = team.find((d) => !['A000002', 'A000005'].includes(d.descendantId))!.descendantId;
    const { createOrder, fundDraft } = await import('#core/orders/save-order.ts');
    const { fundOrderBodySchema } = await import('#shared/orders/payload.ts');
    const admin = { userId: 'U-admin', sessionId: 'bench', email: 'admin@leadportal.example.com', name: 'Admin', flags: { kind: 'staff' as const, isAdmin: true, isManager: false, isLeadConnectHome: false, isSalesAssistant: false, isSponsorAgent: false, isFundPreview: false }, permissions: [], roles: ['admin' as const] };
    for (let i = 0; i < ORDERS; i++) {
      const parsed = fundOrderBodySchema.parse({
        ...body(`O-list-${i}`),
        Description: `Listed order ${i}`,
        StatesOnly: true,
        States: [{ StateAbbreviation: 'IL' }, { StateAbbreviation: 'WI' }],
        ZipCodes: [],
        OrderRecipients: [{ AgentId: lister, Percentage: 100 }],
      });
      await createOrder(admin, lister, fundDraft(parsed));
    }
    const adminCookie = `lc_session=${(await createSession('U-admin')).token}`;
    const list = async () => {
      const res = await fetch(`${gateway.url}/api/agent/${lister}/agentOrders/false`, { headers: { origin: ORIGIN, cookie: adminCookie } });
      const orders = (await res.json()) as unknown[];
      if (res.status !== 200 || orders.length !== ORDERS) throw new Error(`list: HTTP ${res.status}, ${orders.length} orders`);
    };
    const rawQuery = async () => {
      const start = performance.now();
      let key: Record<string, unknown> | undefined;
      let count = 0;
      do {
        const out = await docClient().send(
          new QueryCommand({ TableName: tableName(), IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': `AGENT_ORDERS#${lister}` }, ScanIndexForward: false, ExclusiveStartKey: key }),
        );
        count += out.Count ?? 0;
        key = out.LastEvaluatedKey;
      } while (key);
      if (count !== ORDERS) throw new Error(`raw query read ${count}`);
      return performance.now() - start;
    };
    for (let i = 0; i < WARM_UP; i++) {
      await list();
      await rawQuery();
    }
    const lists: number[] = [];
    const rawLists: number[] = [];
    for (let i = 0; i < LISTS; i++) {
      lists.push(await timed(list));
      rawLists.push(await rawQuery());
    }

    // The same list once every order has had a lead this month: each card then reads its four usage counters.
    const { Order } = await import('#entities/order.ts');
    const listed = await Order.query.ofAgent(lister).all();
    const at = new Date().toISOString();
    for (const o of listed) await Order.patch({ orderId: o.orderId }, { set: { lastLeadAt: at } }, { current: o });
    for (let i = 0; i < WARM_UP; i++) await list();
    const withLeads: number[] = [];
    const rawWithLeads: number[] = [];
    for (let i = 0; i < LISTS; i++) {
      withLeads.push(await timed(list));
      rawWithLeads.push(await rawQuery());
    }

    const rawSaveP50 = percentile(raw, 50);
    const rawListP50 = percentile(rawLists, 50);
    console.log(`DynamoDB Local (in memory), Node ${process.version}; ${SAVES} saves, ${LISTS} lists, medians and p95 through the local gateway`);
    console.log(`create a fund order, 500 zips, 10 recipients: median ${fmt(percentile(creates, 50))} ms, p95 ${fmt(percentile(creates, 95))} ms (${fmt(percentile(creates, 50) / rawSaveP50)}x raw)`);
    console.log(`update it (PUT at its revision): median ${fmt(percentile(updates, 50))} ms, p95 ${fmt(percentile(updates, 95))} ms (${fmt(percentile(updates, 50) / rawSaveP50)}x raw)`);
    console.log(`raw DynamoDB Local: one ${SAVE_ITEMS}-item TransactWriteItems (small items), sampled between the saves: median ${fmt(rawSaveP50)} ms, p95 ${fmt(percentile(raw, 95))} ms`);
    console.log(`My Orders (GET agentOrders/false) of an agent with ${ORDERS} orders: median ${fmt(percentile(lists, 50))} ms, p95 ${fmt(percentile(lists, 95))} ms (${fmt(percentile(lists, 50) / rawListP50)}x raw)`);
    console.log(`raw DynamoDB Local: the Query of the ${ORDERS} order headers alone: median ${fmt(rawListP50)} ms, p95 ${fmt(percentile(rawLists, 95))} ms`);
    const rawWithP50 = percentile(rawWithLeads, 50);
    console.log(`the same list when every order had a lead this month (800 usage counters read): median ${fmt(percentile(withLeads, 50))} ms, p95 ${fmt(percentile(withLeads, 95))} ms (${fmt(percentile(withLeads, 50) / rawWithP50)}x the raw Query, median ${fmt(rawWithP50)} ms in those samples)`);
  } finally {
    await gateway.stop();
  }
}

async function timed(action: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await action();
  return performance.now() - start;
}

function fmt(value: number): string {
  return value.toFixed(1);
}
