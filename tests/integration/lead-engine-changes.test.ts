// The lead engine's candidate snapshot against DynamoDB Local: every change that can let an order take
// leads again reaches the next decision once the projector has applied it: a top-up, an account's
// order status switched back on, an order resumed, a priority raised. Each test first lets the engine
// see the better agent unable to buy, then changes it, waits for the projector, and expects the next
// lead there.
import { describe, expect, it } from 'vitest';
import { useApiHarness } from '../support/api-harness.ts';
import { useLeadFixture } from '../support/lead-fixture.ts';

const api = useApiHarness({ projector: true });
const fx = useLeadFixture(api, {
  codeLetter: 'K',
  idPrefix: 'K',
  names: { campaign: 'Changes' },
  firstPhone: 4025550000 + Math.floor(Math.random() * 9000),
});

const { LeadSale } = await import('#entities/lead-sale.ts');
const { postEntry } = await import('#core/money/ledger.ts');
const { setStatus } = await import('#core/directory/agent-statuses.ts');

/** Each test has its own state, so agents of another test never compete. */
const PLACES = { NE: '68102', IA: '50309', KS: '66603', SD: '57501', VT: '05602', ND: '58501', WY: '82001', MT: '59601' } as const;
type Place = keyof typeof PLACES;

/** Posts a lead in the state and answers the agent whose order bought it. */
async function buyer(state: Place): Promise<string | undefined> {
  const posted = await fx.post({ StateCode: state, ZipCode: PLACES[state] });
  expect(posted.status, posted.errors.join()).toBe(201);
  return (await LeadSale.query.ofLead(posted.body.LeadId).all())[0]?.agentId;
}

/** The better agent (priority 1) and the fallback (priority 5), both with an order in the state. */
async function twoAgents(state: Place, better: { balanceCents: number }) {
  const a = await fx.agentWithOrder({ state, zip: PLACES[state], priority: 1, balanceCents: better.balanceCents });
  const b = await fx.agentWithOrder({ state, zip: PLACES[state], priority: 5, balanceCents: 100_000 });
  await api.settled();
  return { a: a.agentId, aOrder: a.orderId, b: b.agentId };
}

// Each test waits on the projector two or three times: a loaded machine's projector needs more than the default 30 s.
describe('the candidate snapshot follows the facts', { timeout: 60_000 }, () => {
  it('sends leads to an agent once their top-up is applied', async () => {
    const { a, b } = await twoAgents('NE', { balanceCents: 0 });
    expect(await buyer('NE')).toBe(b);
    expect(await buyer('NE')).toBe(b);
    await postEntry({ agentId: a, deltaCents: 50_000, type: 'AgentContribution', description: 'top-up', idempotencyKey: `test:topup:${a}` });
    await api.settled();
    expect(await buyer('NE')).toBe(a);
  });

  it("sends leads to an agent once their account's order status is switched back on", async () => {
    const { a, b } = await twoAgents('IA', { balanceCents: 100_000 });
    await setStatus({ agentId: a, statusType: 'Global', on: false, by: 'test' });
    await api.settled();
    expect(await buyer('IA')).toBe(b);
    await setStatus({ agentId: a, statusType: 'Global', on: true, by: 'test' });
    await api.settled();
    expect(await buyer('IA')).toBe(a);
  });

  it('sends leads to an order once it is resumed, and to an agent whose priority was raised', async () => {
    const { a, aOrder, b } = await twoAgents('KS', { balanceCents: 100_000 });
    const admin = await api.sessionFor('admin');
    const pause = await api.call('orders.setStatus', { params: { agentId: a, orderId: aOrder, statusCode: '0' }, query: {}, session: admin });
    expect(pause.status, pause.errors.join()).toBe(200);
    await api.settled();
    expect(await buyer('KS')).toBe(b);
    const resume = await api.call('orders.setStatus', { params: { agentId: a, orderId: aOrder, statusCode: '1' }, query: {}, session: admin });
    expect(resume.status, resume.errors.join()).toBe(200);
    await api.settled();
    expect(await buyer('KS')).toBe(a);

    // B's priority raised to A's through Agent Information (PATCH agent): B, served longer ago, is next.
    const raised = await api.call('agents.update', { body: { AgentId: b, Priority: 1 }, session: admin });
    expect(raised.status, raised.errors.join()).toBeLessThan(300);
    await api.settled();
    expect(await buyer('KS')).toBe(b);
  });
});

describe('the candidates view', () => {
  it('is made again from the facts by a rebuild', async () => {
    const { CandidateRow } = await import('#entities/candidate-row.ts');
    const { candidatesView } = await import('#core/views/candidates-view.ts');
    const { rebuildViews } = await import('#core/views/rebuild.ts');
    const { orderId } = await fx.agentWithOrder({ state: 'SD', zip: '57501', balanceCents: 100_000 });
    await api.settled();
    const key = { state: 'SD', order: { orderId } };
    const kept = await CandidateRow.get(key, { consistent: true });
    expect(kept?.order.orderId).toBe(orderId);
    await CandidateRow.delete(key);
    expect(await buyer('SD')).toBeUndefined();
    await rebuildViews([candidatesView]);
    expect(await CandidateRow.get(key, { consistent: true })).toEqual(kept);
  });

  it('is held by the engine, which reads again only the rows the projector names as changed in the shards whose version it raised', async () => {
    const { candidatesIn } = await import('#core/leads/snapshot.ts');
    const { recordDynamoCalls } = await import('../support/dynamo-recorder.ts');
    const { docClient } = await import('#platform/dynamo.ts');
    const { agentId, orderId } = await fx.agentWithOrder({ state: 'VT', zip: PLACES.VT, balanceCents: 100_000 });
    await api.settled();
    expect((await candidatesIn('VT')).map((r) => r.order.orderId)).toContain(orderId);
    const recorder = recordDynamoCalls(docClient());
    try {
      const shardReads = (calls: { command: string; input: Record<string, unknown> }[]) =>
        calls.filter((c) => c.command === 'QueryCommand' && JSON.stringify(c.input).includes('CANDIDATES#VT#')).length;
      /** The rows of VT read by key. */
      const rowReads = (calls: { command: string; input: Record<string, unknown> }[]) =>
        calls
          .filter((c) => c.command === 'BatchGetCommand')
          .flatMap((c) => Object.values((c.input as { RequestItems: Record<string, { Keys: { pk: string; sk: string }[] }> }).RequestItems).flatMap((r) => r.Keys))
          .filter((k) => k.pk.startsWith('CANDIDATES#VT#') && k.sk.startsWith('ORDER#'));
      // Nothing changed: the versions are asked, no shard is read again.
      let rows: Awaited<ReturnType<typeof candidatesIn>> = [];
      const unchanged = await recorder.during(async () => (rows = await candidatesIn('VT')));
      expect(rows.map((r) => r.order.orderId)).toContain(orderId);
      expect(shardReads(unchanged)).toBe(0);
      expect(unchanged.filter((c) => c.command === 'BatchGetCommand')).toHaveLength(1);
      // The order paused: its shard's version moves once the projector has applied it, and that shard alone is read again.
      const admin = await api.sessionFor('admin');
      const pause = await api.call('orders.setStatus', { params: { agentId, orderId, statusCode: '0' }, query: {}, session: admin });
      expect(pause.status, pause.errors.join()).toBe(200);
      await api.settled();
      const changed = await recorder.during(async () => (rows = await candidatesIn('VT')));
      expect(rows.map((r) => r.order.orderId)).not.toContain(orderId);
      // The version item names the row the raise changed: that row alone is read, not its shard.
      expect(shardReads(changed)).toBe(0);
      expect(rowReads(changed).map((k) => k.sk)).toEqual([`ORDER#${orderId}`]);
    } finally {
      recorder.restore();
    }
  });
});

describe('a reader of candidate rows', () => {
  it('reads the whole shard when a raise it missed names no rows, and after it only the rows named', async () => {
    const { candidatesIn } = await import('#core/leads/snapshot.ts');
    const { CandidateShardVersion, candidateShardOf } = await import('#entities/candidate-row.ts');
    const { recordDynamoCalls } = await import('../support/dynamo-recorder.ts');
    const { docClient } = await import('#platform/dynamo.ts');
    const { orderId } = await fx.agentWithOrder({ state: 'WY', zip: PLACES.WY, balanceCents: 100_000 });
    await api.settled();
    expect((await candidatesIn('WY')).map((r) => r.order.orderId)).toContain(orderId);
    const id = { state: 'WY', shard: candidateShardOf(orderId) };
    const shardQueries = (calls: { command: string; input: Record<string, unknown> }[]) => calls.filter((c) => c.command === 'QueryCommand' && JSON.stringify(c.input).includes(`CANDIDATES#WY#${id.shard}`)).length;
    const recorder = recordDynamoCalls(docClient());
    try {
      // A raise beyond the remembered changes (as after more raises than are kept, or one of too many rows): the shard is read whole.
      const was = (await CandidateShardVersion.get(id, { consistent: true }))!;
      await CandidateShardVersion.put({ ...was, version: was.version + 1, changes: [{ n: was.version + 1 + was.sales }] });
      const unnamed = await recorder.during(() => candidatesIn('WY'));
      expect(shardQueries(unnamed)).toBe(1);
      // A raise that names its row: that row is read by key.
      await CandidateShardVersion.put({ ...was, version: was.version + 2, changes: [{ n: was.version + 1 + was.sales }, { n: was.version + 2 + was.sales, orders: [orderId] }] });
      const named = await recorder.during(() => candidatesIn('WY'));
      expect(shardQueries(named)).toBe(0);
      expect(JSON.stringify(named.filter((c) => c.command === 'BatchGetCommand').at(-1)?.input)).toContain(`ORDER#${orderId}`);
      // Two raises at once, the older no longer remembered: the shard is read whole.
      await CandidateShardVersion.put({ ...was, version: was.version + 4, changes: [{ n: was.version + 4 + was.sales, orders: [orderId] }] });
      const gap = await recorder.during(() => candidatesIn('WY'));
      expect(shardQueries(gap)).toBe(1);
      expect((await candidatesIn('WY')).map((r) => r.order.orderId)).toContain(orderId);
    } finally {
      recorder.restore();
    }
  });
});

describe('a ping', () => {
  it('answers from the rows held while a shard too far behind to read by its named rows is read whole beside it, in pages', async () => {
    const { candidatesIn } = await import('#core/leads/snapshot.ts');
    const { CandidateRow: CandidateItem, CandidateShardVersion, candidateShardOf } = await import('#entities/candidate-row.ts');
    const { docClient } = await import('#platform/dynamo.ts');
    const first = await fx.agentWithOrder({ state: 'MT', zip: PLACES.MT, balanceCents: 100_000 });
    await api.settled();
    const ids = async (read: Promise<{ order: { orderId: string } }[]>) => (await read).map((r) => r.order.orderId);
    expect(await ids(candidatesIn('MT'))).toContain(first.orderId);
    // More rows in the first order's shard than one page of a read beside the answers holds (copies of
    // its row under other order ids), then a raise of that shard that names no rows.
    const shard = candidateShardOf(first.orderId);
    const row = (await CandidateItem.get({ state: 'MT', order: { orderId: first.orderId } }, { consistent: true }))!;
    const copies = async (n: number, prefix: string) => {
      const made: string[] = [];
      for (let i = 0; made.length < n; i++) if (candidateShardOf(`${prefix}${i}`) === shard) made.push(`${prefix}${i}`);
      for (const orderId of made) await CandidateItem.put({ ...row, order: { ...row.order, orderId } });
      return made;
    };
    const raiseUnnamed = async () => {
      const was = (await CandidateShardVersion.get({ state: 'MT', shard }, { consistent: true }))!;
      await CandidateShardVersion.put({ ...was, version: was.version + 1, changes: [{ n: was.version + 1 + was.sales }] });
    };
    const added = await copies(40, `${first.orderId}-copy-`);
    await raiseUnnamed();

    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let pages = 0;
    let lastPage = () => {};
    const whole = new Promise<void>((resolve) => (lastPage = resolve));
    docClient().middlewareStack.add(
      (next) => async (args) => {
        if (!JSON.stringify(args.input).includes(`CANDIDATES#MT#${shard}`) || (args.input as { KeyConditionExpression?: string }).KeyConditionExpression === undefined) return next(args);
        pages++;
        await held;
        const answer = await next(args);
        if (!(answer.output as { LastEvaluatedKey?: unknown }).LastEvaluatedKey) lastPage();
        return answer;
      },
      { step: 'initialize', name: 'holdWholeShardReads' },
    );
    try {
      // The ping's read answers from the rows held (without the copies) while the whole read waits.
      const rows = await ids(candidatesIn('MT', { softNow: true, wholeLate: true }));
      expect(pages).toBe(1);
      expect(rows).toContain(first.orderId);
      expect(rows).not.toContain(added[0]);
      release();
      await whole;
      // The shard came back in pages, every row of it: the next ping has them without reading again.
      expect(pages).toBeGreaterThan(1);
      const after = pages;
      expect(await ids(candidatesIn('MT', { softNow: true, wholeLate: true }))).toEqual(expect.arrayContaining([first.orderId, ...added]));
      expect(pages).toBe(after);
    } finally {
      release();
      docClient().middlewareStack.remove('holdWholeShardReads');
    }

    // A lead's read started beside a ping's does not share its answer from the rows held: it reads the shard first.
    const more = await copies(1, `${first.orderId}-more-`);
    await raiseUnnamed();
    const ping = ids(candidatesIn('MT', { softNow: true, wholeLate: true }));
    const lead = ids(candidatesIn('MT'));
    expect(await ping).not.toContain(more[0]);
    expect(await lead).toContain(more[0]);
  });
});

describe("a sale's changes", () => {
  it('raise the soft version of their shard, and the next lead decides on the rows held (with its own sales over them) while that shard is read again beside it', async () => {
    const { candidatesIn } = await import('#core/leads/snapshot.ts');
    const { CandidateShardVersion, candidateShardOf } = await import('#entities/candidate-row.ts');
    const { docClient } = await import('#platform/dynamo.ts');
    const { agentId, orderId } = await fx.agentWithOrder({ state: 'ND', zip: PLACES.ND, balanceCents: 100_000 });
    await api.settled();
    expect((await candidatesIn('ND')).map((r) => r.order.orderId)).toContain(orderId);
    const version = { state: 'ND', shard: candidateShardOf(orderId) };
    const before = (await CandidateShardVersion.get(version, { consistent: true }))!;
    expect(await buyer('ND')).toBe(agentId);
    await api.settled();
    const after = (await CandidateShardVersion.get(version, { consistent: true }))!;
    expect(after.version).toBe(before.version);
    expect(after.sales).toBeGreaterThan(before.sales);

    // The shard's read is held back: the snapshot answers without it, the order served once.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let reads = 0;
    let reread: Promise<void> | undefined;
    docClient().middlewareStack.add(
      (next) => async (args) => {
        const input = JSON.stringify(args.input);
        if (!input.includes('CANDIDATES#ND#') || !input.includes('"sk":"ORDER#')) return next(args);
        reads++;
        const answer = held.then(() => next(args));
        reread = answer.then(() => undefined);
        return answer;
      },
      { step: 'initialize', name: 'holdCandidateShardReads' },
    );
    try {
      const rows = await candidatesIn('ND');
      expect(reads).toBe(1);
      expect(rows.find((r) => r.order.orderId === orderId)?.order.leadCount).toBe(1);
      release();
      await reread;
    } finally {
      release();
      docClient().middlewareStack.remove('holdCandidateShardReads');
    }
    // Read again beside it (its answer now held): the next asks the versions and reads nothing more.
    const { recordDynamoCalls } = await import('../support/dynamo-recorder.ts');
    const recorder = recordDynamoCalls(docClient());
    try {
      await new Promise((resolve) => setImmediate(resolve));
      const next = await recorder.during(() => candidatesIn('ND'));
      expect(next.map((c) => c.command)).toEqual(['BatchGetCommand']);
    } finally {
      recorder.restore();
    }
  });
});

describe('the held catalogue', () => {
  it('is read once while its version stays, and again once the projector has applied a staff edit', async () => {
    const { Campaign } = await import('#entities/campaign.ts');
    const { recordDynamoCalls } = await import('../support/dynamo-recorder.ts');
    const { docClient } = await import('#platform/dynamo.ts');
    const state = 'NE';
    await fx.agentWithOrder({ state, zip: PLACES[state], balanceCents: 100_000 });
    await api.settled();
    expect((await fx.post({ StateCode: state, ZipCode: PLACES[state] })).status).toBe(201);
    const recorder = recordDynamoCalls(docClient());
    const campaign = (await Campaign.get({ campaignId: fx.ids.campaign }))!;
    try {
      const catalogueReads = (calls: { command: string; input: Record<string, unknown> }[]) =>
        calls.filter((c) => /CAMPAIGN_CODE#|CAMPAIGN#|CV_FUNDS#|FUND#|"RULES"|CONTRACTS/.test(JSON.stringify(c.input)) && c.command !== 'TransactWriteCommand').length;
      // The post's own calls (the projector may be applying the earlier post's records meanwhile).
      const held = (await recorder.during(() => fx.post({ StateCode: state, ZipCode: PLACES[state] }))).filter((c) => c.scope === 'requests');
      expect(catalogueReads(held)).toBe(0);
      expect(held.filter((c) => JSON.stringify(c.input).includes('"CATALOGUE"'))).toHaveLength(1);
      // Read ahead in one BatchGet: the vendor, its rate, the catalogue's version, the idempotency
      // record and the state's candidate versions; beside it the phone's earlier leads (no e-mail sent).
      const reads = held.filter((c) => c.command !== 'TransactWriteCommand' && c.command !== 'UpdateCommand');
      expect(reads.map((c) => c.command).sort()).toEqual(['BatchGetCommand', 'QueryCommand']);

      // The campaign closed (its end date passed): the next lead is refused as from a closed campaign once the projector has applied it.
      await Campaign.patch({ campaignId: campaign.campaignId }, { set: { endDate: '2001-01-01T00:00:00.000Z' } });
      await api.settled();
      const afterEdit = await recorder.during(() => fx.post({ StateCode: state, ZipCode: PLACES[state] }));
      expect(catalogueReads(afterEdit)).toBeGreaterThan(0);
      const closed = await fx.post({ StateCode: state, ZipCode: PLACES[state] });
      expect(closed.body.Result).toBe('rejected');
    } finally {
      recorder.restore();
      await Campaign.patch({ campaignId: campaign.campaignId }, { set: { endDate: campaign.endDate } });
      await api.settled();
    }
  });
});
