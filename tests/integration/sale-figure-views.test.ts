// The projector's counting views of the sale path against DynamoDB Local: the performance view (the
// performance reports' day cells), the insights view (the Home insights' agent and marketplace
// days) and the routing-counts view (the rules' shown counts). Leads are sold by the real engine (no projector running); the views are then given the
// stored facts' INSERT records by hand: applying one twice changes nothing, a lead retried into a
// sale counts once, and a rebuild over the views changes nothing and recreates them once removed. As
// the projector runs them (side by side, apply-once.ts `togetherFor`), a record's counting writes are
// one transaction, and a record some of the views applied before still counts once in each. Within
// a batch (projector.ts `project`), the records' writes go out together at its end: each cell once.
import { beforeAll, describe, expect, it } from 'vitest';
import { useApiHarness } from '../support/api-harness.ts';
import { useLeadFixture } from '../support/lead-fixture.ts';

const api = useApiHarness();
const fx = useLeadFixture(api, { codeLetter: 'Q', names: { campaign: 'ViewFigures' }, agentDefaults: { balanceCents: 100_000 }, postDefaults: { StateCode: 'ND', ZipCode: '58501' } });

const { performanceView } = await import('#core/views/performance-view.ts');
const { insightsView } = await import('#core/views/insights-view.ts');
const { routingCountsView } = await import('#core/views/routing-counts-view.ts');
const { listRules } = await import('#core/routing/routing-rules.ts');
const { rebuildViews } = await import('#core/views/rebuild.ts');
const { LeadSale } = await import('#entities/lead-sale.ts');
const { Lead } = await import('#entities/lead.ts');
const { togetherFor } = await import('#core/views/apply-once.ts');
const { project } = await import('#core/views/projector.ts');
const { marshall } = await import('@aws-sdk/util-dynamodb');
const { batchDelete, batchGet, scanSegments } = await import('#platform/db.ts');
const { callsByCommand } = await import('../support/dynamo-recorder.ts');
const { docClient } = await import('#platform/dynamo.ts');
const requestsOf = (run: () => Promise<unknown>) => callsByCommand(docClient(), run);

type Item = Record<string, unknown>;
// The days' versions (PerformanceDayVersion) are raised per batch, not per fact: not compared.
const VIEW_ENTITIES = ['PerformanceDay', 'MarketDay', 'MarketDayTotal', 'AgentInsightDay', 'RouteCount', 'ViewApplied'];
const views = [performanceView, insightsView, routingCountsView];

/** Every item the two views keep, keyed and without the receipts' write times. */
async function viewItems(): Promise<Record<string, Item>> {
  const names = Object.fromEntries(VIEW_ENTITIES.map((e, i) => [`:e${i}`, e]));
  const out: Record<string, Item> = {};
  await scanSegments({ filter: `#entity IN (${Object.keys(names).join(', ')})`, names: { '#entity': 'entity' }, values: names }, async (item) => {
    const { at: _at, ...rest } = item;
    out[`${String(item.pk)}|${String(item.sk)}`] = item.entity === 'ViewApplied' ? rest : item;
  });
  return out;
}

/** The views' items as kept, once removed from the table (a test makes them again). */
async function removedViews(): Promise<Record<string, Item>> {
  const before = await viewItems();
  await batchDelete(Object.keys(before).map((k) => ({ pk: k.split('|')[0]!, sk: k.split('|')[1]! })));
  return before;
}

const insert = (item: Item) => ({ eventId: `t:${String(item.pk)}:${String(item.sk)}`, eventName: 'INSERT' as const, sequenceNumber: '1', keys: { pk: String(item.pk), sk: String(item.sk) }, newImage: item });
async function applyAll(records: ReturnType<typeof insert>[], which = views) {
  for (const r of records) for (const v of which) await v.apply(r);
}
/** As the projector applies a record: its views side by side, their counting writes joined. */
async function applyTogether(records: ReturnType<typeof insert>[]) {
  for (const r of records) {
    const outcomes = await Promise.allSettled(togetherFor(views.length, (i) => views[i]!.apply(r)));
    for (const o of outcomes) if (o.status === 'rejected') throw o.reason;
  }
}

let facts: Item[] = [];
let buyer: string;
let defaultBefore: { callCenterCount: number; ppCount: number };

beforeAll(async () => {
  buyer = (await fx.agentWithOrder({ state: 'ND', zip: '58501' })).agentId;
  defaultBefore = (await listRules()).find((r) => r.ruleId === 'default')!;
  const leadIds: string[] = [];
  for (let i = 0; i < 3; i++) {
    const answer = await fx.post();
    expect(answer.body.Result).toBe('sold');
    leadIds.push(answer.body.LeadId as string);
  }
  const keys = leadIds.flatMap((leadId) => [Lead.key({ leadId }), LeadSale.key({ leadId, agentId: buyer })]);
  facts = await batchGet(keys, { consistent: true });
  expect(facts).toHaveLength(6);
}, 120_000);

describe('the sale figure views', () => {
  it("count each sale once: the performance cell, the agent's day and the marketplace day and totals", async () => {
    // Each of the six records (three leads, three sales) counts in two of the views: one transaction
    // each. None reads: a sale keeps its lead's state and score and its agent's zone, a lead stored sold its price.
    const made = await requestsOf(() => applyTogether(facts.map(insert)));
    expect(made.TransactWrite).toBe(6);
    expect([made.Get ?? 0, made.Query ?? 0, made.BatchGet ?? 0]).toEqual([0, 0, 0]);
    const items = Object.values(await viewItems());
    const sum = (entity: string, attr: string) => items.filter((i) => i.entity === entity).reduce((n, i) => n + Number(i[attr] ?? 0), 0);
    expect(sum('PerformanceDay', 'leadsPurchased')).toBe(3);
    expect(sum('PerformanceDay', 'agentPriceSumCents')).toBe(facts.filter((f) => f.entity === 'LeadSale').reduce((n, s) => n + Number(s.agentPurchasePriceCents), 0));
    expect(sum('AgentInsightDay', 'leads')).toBe(3);
    expect([sum('MarketDayTotal', 'received'), sum('MarketDayTotal', 'sold'), sum('MarketDayTotal', 'sales')]).toEqual([3, 3, 3]);
    expect([sum('MarketDay', 'received'), sum('MarketDay', 'sold'), sum('MarketDay', 'sales')]).toEqual([3, 3, 3]);
    // The fixture's default rule sends every lead to the post target: the rules list counts them.
    expect([sum('RouteCount', 'callCenter'), sum('RouteCount', 'post')]).toEqual([0, 3]);
    expect((await listRules()).find((r) => r.ruleId === 'default')).toMatchObject({ callCenterCount: defaultBefore.callCenterCount, ppCount: defaultBefore.ppCount + 3 });
    // No partition of the marketplace or the cells is the day's alone: each names its shard.
    for (const i of items.filter((x) => ['MarketDay', 'MarketDayTotal', 'PerformanceDay'].includes(String(x.entity)))) expect(String(i.pk)).toMatch(/#\d{4}-\d{2}-\d{2}#\d$/);
    for (const i of items.filter((x) => x.entity === 'RouteCount')) expect(String(i.pk)).toMatch(/^RULE_COUNT#default#\d$/);
  });

  it('change nothing when the same records are applied again, in another order', async () => {
    const before = await viewItems();
    await applyAll([...facts].reverse().map(insert));
    expect(await viewItems()).toEqual(before);
    await applyTogether(facts.map(insert));
    expect(await viewItems()).toEqual(before);
  });

  it('count a record once in each view when some of them applied it before, alone', async () => {
    const before = await removedViews();
    await applyAll(facts.map(insert), [insightsView]);
    // The joint write finds the insights' receipts and writes nothing; each view's write then goes alone.
    await applyTogether(facts.map(insert));
    expect(await viewItems()).toEqual(before);
  });

  it('change nothing on a rebuild over the kept views, and recreate them once removed', async () => {
    const before = await viewItems();
    await rebuildViews(views);
    expect(await viewItems()).toEqual(before);
    expect(await removedViews()).toEqual(before);
    expect(await viewItems()).toEqual({});
    await rebuildViews(views);
    expect(await viewItems()).toEqual(before);
  });

  /** The facts as the stream delivers them, in one batch. */
  const batchOf = (items: Item[]) =>
    items.map((item, i) => ({
      eventID: `b:${String(item.pk)}:${String(item.sk)}`,
      eventName: 'INSERT' as const,
      dynamodb: { SequenceNumber: String(1000 + i), Keys: marshall({ pk: item.pk, sk: item.sk }) as never, NewImage: marshall(item, { removeUndefinedValues: true }) as never },
    }));

  it("write a batch's records in one transaction, each cell once with its records' ADDs summed", async () => {
    const before = await removedViews();
    let outcome;
    const made = await requestsOf(async () => {
      outcome = await project(batchOf(facts), views);
    });
    expect(outcome).toEqual({ applied: 6 });
    // Six records' receipts and their cells, each cell once: one transaction, not one per record.
    expect(made.TransactWrite).toBe(1);
    expect(await viewItems()).toEqual(before);
    // Delivered again (as after a failure later in the batch), the joint write finds the receipts: each record is then written alone, and changes nothing.
    expect(await project(batchOf(facts), views)).toEqual({ applied: 6 });
    expect(await viewItems()).toEqual(before);
  });

  it('write the records one by one when the joint write fails, each counted once', async () => {
    const before = await removedViews();
    // One record applied before (its receipts there): the batch's joint write fails and writes nothing.
    await applyAll(facts.slice(0, 1).map(insert), [insightsView]);
    expect(await project(batchOf(facts), views)).toEqual({ applied: 6 });
    expect(await viewItems()).toEqual(before);
  });

  it('count leads and sales stored before they kept the facts their views need, by reading them', async () => {
    const before = await removedViews();
    const older = facts.map(({ stateCode, score, agentTimeZone: _zone, companyPurchasePriceCents, ...rest }): Item =>
      rest.entity === 'LeadSale' ? { ...rest, companyPurchasePriceCents } : { ...rest, stateCode, ...(score !== undefined ? { score } : {}) },
    );
    expect(older.filter((f) => f.entity === 'LeadSale').every((f) => !('stateCode' in f))).toBe(true);
    const made = await requestsOf(() => applyTogether(older.map(insert)));
    // A sale's lead (shared by its two views) and its agent; a lead's sales.
    expect([made.Get, made.Query]).toEqual([6, 3]);
    expect(await viewItems()).toEqual(before);
  });
});
