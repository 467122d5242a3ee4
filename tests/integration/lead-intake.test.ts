// The lead engine (issue 11) through the real gateway against DynamoDB Local: the lead fixture's
// catalogue (one campaign, vendor, fund, and a vendor not on the campaign), agents with balances and
// fund orders saved through the orders API (tests/support/lead-fixture.ts),
// then vendor posts: sale and charge, idempotent VendorLeadId, 401/403/400/429, dedupe, caps,
// schedules in the agent's time zone, credit line, routing split, and concurrent posts racing for the
// last unit of a cap and the last dollars of a balance.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it, vi } from 'vitest';
import type * as Catalogue from '#core/orders/catalogue.ts';
import { useApiHarness } from '../support/api-harness.ts';
import { useLeadFixture } from '../support/lead-fixture.ts';

// A hook inside an order save, between its read of the header and its write (the catalogue is read
// there): a test sells a lead at that moment.
const saving = vi.hoisted(() => ({ during: undefined as undefined | (() => Promise<unknown>) }));
vi.mock('#core/orders/catalogue.ts', async (importOriginal) => {
  const original = await importOriginal<typeof Catalogue>();
  return {
    ...original,
    readOrderCatalogue: async (...args: Parameters<typeof original.readOrderCatalogue>) => {
      const during = saving.during;
      saving.during = undefined;
      if (during) await during();
      return original.readOrderCatalogue(...args);
    },
  };
});

const api = useApiHarness({ projector: true });
const fx = useLeadFixture(api, { codeLetter: 'T', otherVendor: true });
const { run: RUN, ids, code, at, agentWithOrder, post } = fx;

const { Vendor } = await import('#entities/vendor.ts');
const { RoutingRule } = await import('#entities/routing-rule.ts');
const { OrderTarget } = await import('#entities/order-target.ts');
const { Lead } = await import('#entities/lead.ts');
const { AgentProfile } = await import('#entities/agent-profile.ts');
const { Downline } = await import('#entities/downline.ts');
const { LeadSale } = await import('#entities/lead-sale.ts');
const { LedgerEntry } = await import('#entities/ledger-entry.ts');
const { IntakeRate } = await import('#entities/intake-rate.ts');
const { getBalance, postEntry } = await import('#core/money/ledger.ts');
const { POSTS_PER_MINUTE } = await import('#shared/vendors.ts');
const { DAYS } = await import('#shared/orders/order.ts');
const { Order } = await import('#entities/order.ts');
const { docClient, tableName } = await import('#platform/dynamo.ts');

async function ledgerSumMatches(agentId: string) {
  const entries = await LedgerEntry.query.ofAgent(agentId).all();
  const sum = entries.reduce((s, e) => s + e.creditCents - e.debitCents, 0);
  return { sum, balance: (await getBalance(agentId))!.balanceCents };
}

describe('POST /api/intake/leads', () => {
  it('sells a lead to the order in its state, charging the agent once, and a retry with the same VendorLeadId answers the same', async () => {
    const { agentId, orderId } = await agentWithOrder({ state: 'WI', zip: '53202', balanceCents: 10_000 });
    const body = { VendorLeadId: `VL-${RUN}-sold`, StateCode: 'WI', ZipCode: '53202' };
    const first = await post(body);
    expect(first.status).toBe(201);
    expect(first.body.Result).toBe('sold');
    const again = await post(body);
    expect(again.body).toEqual(first.body);
    expect((await getBalance(agentId))!.balanceCents).toBe(7_500);
    const sales = await LeadSale.query.ofLead(first.body.LeadId).all();
    expect(sales.map((s) => [s.agentId, s.orderId])).toEqual([[agentId, orderId]]);
    const lead = await Lead.get({ leadId: first.body.LeadId });
    expect(lead?.trace.at(-1)).toMatchObject({ orderId, passedOver: '' });
    const { sum, balance } = await ledgerSumMatches(agentId);
    expect(sum).toBe(balance);
  });

  it('answers four posts of one VendorLeadId racing each other with one lead, sold and charged once (the lead is its own idempotency record)', async () => {
    const { agentId } = await agentWithOrder({ state: 'WI', zip: '53202', balanceCents: 10_000 });
    const body = { VendorLeadId: `VL-${RUN}-race`, StateCode: 'WI', ZipCode: '53202' };
    const answers = await Promise.all([post(body), post(body), post(body), post(body)]);
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201]);
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(answers[0]!.body.Result).toBe('sold');
    expect(await LeadSale.query.ofLead(answers[0]!.body.LeadId).all()).toHaveLength(1);
    expect((await getBalance(agentId))!.balanceCents).toBe(7_500);
    const { sum, balance } = await ledgerSumMatches(agentId);
    expect(sum).toBe(balance);
  });

  it('refuses a bad token with 401, a vendor not on the campaign with 403 and criteria with 400', async () => {
    expect((await post({}, 'lpv_' + 'x'.repeat(43))).status).toBe(401);
    expect((await post({}, 'nonsense')).status).toBe(401);
    expect((await post({}, fx.otherToken)).status).toBe(403);
    const young = await post({ BirthDate: '2015-01-01' });
    expect(young.status).toBe(400);
    expect(young.errors).toContain('The consumer must be at least 18 years old for this campaign.');
    const wrongZip = await post({ ZipCode: '90210' });
    expect(wrongZip.status).toBe(400);
  });

  it('answers 403 for an inactive vendor and 429 over the rate', async () => {
    await Vendor.patch({ vendorId: ids.other }, { set: { status: 0 } });
    expect((await post({}, fx.otherToken)).status).toBe(403);
    await IntakeRate.put({ vendorId: ids.vendor, shard: 0, minute: new Date().toISOString().slice(0, 16), count: POSTS_PER_MINUTE.default, ttl: 2_000_000_000 });
    const limited = await post();
    expect(limited.status).toBe(429);
    await IntakeRate.put({ vendorId: ids.vendor, shard: 0, minute: new Date().toISOString().slice(0, 16), count: 0, ttl: 2_000_000_000 });
    await IntakeRate.put({ vendorId: ids.vendor, shard: 0, minute: new Date(Date.now() + 60_000).toISOString().slice(0, 16), count: 0, ttl: 2_000_000_000 });
  });

  it("refuses a token the vendor rotated away with 401, though this process has already seen it (the vendor's item names its current hash)", async () => {
    expect((await post({}, fx.otherToken)).status).toBe(403);
    await Vendor.patch({ vendorId: ids.other }, { set: { tokenHash: 'f'.repeat(64) } });
    expect((await post({}, fx.otherToken)).status).toBe(401);
  });

  it('answers duplicate for the same phone within the dedupe days, and stores it unsold', async () => {
    await agentWithOrder({ state: 'MN', zip: '55401', balanceCents: 10_000 });
    const first = await post({ StateCode: 'MN', ZipCode: '55401', PrimaryPhone: '6125550101' });
    expect(first.body.Result).toBe('sold');
    const second = await post({ StateCode: 'MN', ZipCode: '55401', PrimaryPhone: '(612) 555-0101' });
    expect(second.body.Result).toBe('duplicate');
  });

  it('skips an order outside its schedule in the agent\u2019s own time zone and one whose balance and credit line do not cover the price', async () => {
    const now = new Date();
    const hawaiiHour = Number(new Intl.DateTimeFormat('en-US', { timeZone: 'Pacific/Honolulu', hour: '2-digit', hourCycle: 'h23' }).format(now));
    // Open only in an hour that is not now in Hawaii (the server's and Central's hours differ).
    const closed = (hawaiiHour + 12) % 24;
    await agentWithOrder({ state: 'IA', zip: '50309', balanceCents: 10_000, timeZone: 'Hawaii', slots: [{ StartSlot: closed * 2, EndSlot: closed * 2 + 2, Days: [...DAYS] }], priority: 1 });
    await agentWithOrder({ state: 'IA', zip: '50309', balanceCents: 1_000, creditLineCents: 1_000, priority: 2 });
    const { agentId: credit } = await agentWithOrder({ state: 'IA', zip: '50309', balanceCents: 1_000, creditLineCents: 2_000, priority: 3 });
    const sold = await post({ StateCode: 'IA', ZipCode: '50309' });
    expect(sold.body.Result).toBe('sold');
    expect((await getBalance(credit))!.balanceCents).toBe(-1_500);
    const lead = await Lead.get({ leadId: sold.body.LeadId });
    const reasons = lead!.trace.map((t) => t.passedOver);
    expect(reasons.some((r) => r.startsWith('The schedule does not cover'))).toBe(true);
    expect(reasons).toContain('The balance (with the credit line) does not cover the price.');
  });

  it('never sells past a cap: two posts racing for the last unit of a day cap sell once', async () => {
    const { agentId, orderId } = await agentWithOrder({ state: 'NE', zip: '68102', balanceCents: 100_000, caps: { MaxPerDay: 1 } });
    const results = await Promise.all([post({ StateCode: 'NE', ZipCode: '68102' }), post({ StateCode: 'NE', ZipCode: '68102' })]);
    expect(results.map((r) => r.body.Result).sort()).toEqual(['sold', 'unsold']);
    expect((await getBalance(agentId))!.balanceCents).toBe(97_500);
    const sold = results.find((r) => r.body.Result === 'sold')!;
    expect((await LeadSale.query.ofLead(sold.body.LeadId).all())[0]?.orderId).toBe(orderId);
  });

  it('never overdraws: two posts racing for the last dollars of a balance charge once and the ledger sums to the balance', async () => {
    const { agentId } = await agentWithOrder({ state: 'KS', zip: '66101', balanceCents: 3_000 });
    const results = await Promise.all([post({ StateCode: 'KS', ZipCode: '66101' }), post({ StateCode: 'KS', ZipCode: '66101' })]);
    expect(results.map((r) => r.body.Result).sort()).toEqual(['sold', 'unsold']);
    const { sum, balance } = await ledgerSumMatches(agentId);
    expect(balance).toBe(500);
    expect(sum).toBe(balance);
  });

  it("counts an order's leads on its header with each sale, in no index every order shares, and a save racing sales keeps every count", async () => {
    const { agentId, orderId } = await agentWithOrder({ state: 'SC', zip: '29201', balanceCents: 100_000 });
    const raw = async () => (await docClient().send(new GetCommand({ TableName: tableName(), Key: Order.key({ orderId }) }))).Item!;
    const sold = await Promise.all([1, 2, 3].map(() => post({ StateCode: 'SC', ZipCode: '29201' })));
    expect(sold.map((r) => r.body.Result)).toEqual(['sold', 'sold', 'sold']);
    const header = (await Order.get({ orderId }, { consistent: true }))!;
    expect(header.leadCount).toBe(3);
    expect(header.lastLeadAt).toBeDefined();
    // The Open Orders report's lead count and last lead come from the projector: the header keeps only its own agent's index.
    expect(Object.keys(await raw()).filter((k) => /^gsi\dpk$/.test(k))).toEqual(['gsi1pk']);

    // A sale between an edit's read of the header and its write: the edit starts again from the header
    // as the sale left it, and never puts back the count it read.
    let during: Awaited<ReturnType<typeof post>> | undefined;
    saving.during = async () => (during = await post({ StateCode: 'SC', ZipCode: '29201' }));
    const edit = await api.call('orders.updateFundOrder', {
      params: { agentId, orderId },
      body: {
        OrderId: orderId, Description: 'Renamed while selling', SelectedFunds: [ids.fund], StatesOnly: true, States: [{ StateAbbreviation: 'SC' }], ZipCodes: [],
        MaxPerHour: 0, MaxPerDay: 0, MaxPerWeek: 0, MaxPerMonth: 1000, OrderRecipients: [{ AgentId: agentId, Percentage: 100 }],
        OrderTimeSlots: [{ StartSlot: 0, EndSlot: 48, Days: [...DAYS] }], Revision: header.revision,
      },
      session: await api.sessionFor('admin'),
    });
    expect(during?.body.Result).toBe('sold');
    expect(edit.status, edit.errors.join()).toBe(200);
    const after = (await Order.get({ orderId }, { consistent: true }))!;
    expect(after.description).toBe('Renamed while selling');
    expect(after.leadCount).toBe(4);
    expect(after.leadCount).toBe((await LeadSale.query.boughtBy(agentId).all()).length);
    expect(Object.keys(await raw()).filter((k) => /^gsi\dpk$/.test(k))).toEqual(['gsi1pk']);
  });

  it("records no vendor cost on a public form lead's sale, which came from no vendor, and the vendor's price on a vendor lead's", async () => {
    const { agentId } = await agentWithOrder({ state: 'NH', zip: '03301', balanceCents: 10_000 });
    const { intakeLead } = await import('#core/leads/intake.ts');
    const form = await intakeLead({
      source: 'publicForm',
      campaignId: ids.campaign,
      sourceId: `PF-${RUN}-cost`,
      lead: { firstName: 'Sam', lastName: 'Form', primaryPhone: fx.nextPhone(), stateCode: 'NH', zipCode: '03301', birthDate: '1970-05-01' },
      consent: { text: 'I agree to be contacted.', at: new Date().toISOString(), ip: '198.51.100.7', pageUrl: 'https://example.com/form' },
    });
    expect(form).toMatchObject({ status: 'accepted', result: 'sold' });
    const formSales = await LeadSale.query.ofLead((form as { leadId: string }).leadId).all();
    expect(formSales.map((s) => [s.agentId, s.companyPurchasePriceCents])).toEqual([[agentId, 0]]);
    const posted = await post({ StateCode: 'NH', ZipCode: '03301' });
    expect(posted.body.Result).toBe('sold');
    expect((await LeadSale.query.ofLead(posted.body.LeadId).all()).map((s) => s.companyPurchasePriceCents)).toEqual([fx.prices.vendorCents]);
  });

  it("judges a public form lead by the campaign's eBureau rule, not by a rule one of the campaign's vendors set for its own leads", async () => {
    const { CampaignVendor } = await import('#entities/campaign-vendor.ts');
    const { intakeLead } = await import('#core/leads/intake.ts');
    const { sandboxScore } = await import('#core/leads/providers.ts');
    const { CRITERIA_MESSAGES } = await import('#core/leads/rules.ts');
    await agentWithOrder({ state: 'VT', zip: '05602', balanceCents: 10_000 });
    // The vendor's leads must score the most there is (scores run 0 to 1000; the test's phones score less).
    const pair = (await CampaignVendor.query.ofCampaign(ids.campaign).all()).find((p) => p.vendorId === ids.vendor)!;
    await CampaignVendor.put({ ...pair, checkEbureau: true, minScore: 1000 });
    await api.settled();
    try {
      const vendorPhone = fx.nextPhone();
      expect(sandboxScore(vendorPhone)).toBeLessThan(1000);
      const posted = await post({ StateCode: 'VT', ZipCode: '05602', PrimaryPhone: vendorPhone });
      expect([posted.status, ...posted.errors]).toEqual([400, CRITERIA_MESSAGES.score(sandboxScore(vendorPhone), 1000)]);
      const formPhone = fx.nextPhone();
      expect(sandboxScore(formPhone)).toBeLessThan(1000);
      const form = await intakeLead({
        source: 'publicForm',
        campaignId: ids.campaign,
        sourceId: `PF-${RUN}-score`,
        lead: { firstName: 'Sam', lastName: 'Form', primaryPhone: formPhone, stateCode: 'VT', zipCode: '05602', birthDate: '1970-05-01' },
        consent: { text: 'I agree to be contacted.', at: new Date().toISOString(), ip: '198.51.100.7', pageUrl: 'https://example.com/form' },
      });
      expect(form).toMatchObject({ status: 'accepted', result: 'sold' });
    } finally {
      await CampaignVendor.put(pair);
      await api.settled();
    }
  });

  it("gives a terminated or paused recipient's share to the order's other recipients instead of passing the order", async () => {
    // The owner and the recipient each get an order of their own elsewhere (the fixture's); the split order buys in Maine.
    const { agentId: ownerId } = await agentWithOrder({ state: 'VT', zip: '05602', balanceCents: 100_000 });
    const { agentId: recipientId } = await agentWithOrder({ state: 'NH', zip: '03301' });
    const recipient = (await AgentProfile.get({ agentId: recipientId }))!;
    await Downline.put({ ancestorId: ownerId, descendantId: recipientId, depth: 1, firstName: recipient.firstName, lastName: recipient.lastName, status: 1, type: 0 });
    const orderId = `TO-${RUN}-split`;
    const saved = await api.call('orders.createFundOrder', {
      params: { agentId: ownerId },
      body: {
        OrderId: orderId, Description: 'Split order', SelectedFunds: [ids.fund], StatesOnly: true, States: [{ StateAbbreviation: 'ME' }], ZipCodes: [],
        MaxPerHour: 0, MaxPerDay: 0, MaxPerWeek: 0, MaxPerMonth: 1000, OrderRecipients: [{ AgentId: ownerId, Percentage: 50 }, { AgentId: recipientId, Percentage: 50 }],
        OrderTimeSlots: [{ StartSlot: 0, EndSlot: 48, Days: [...DAYS] }],
      },
      session: await api.sessionFor('admin'),
    });
    expect(saved.status, saved.errors.join()).toBe(201);
    await api.settled();
    const sold = async () => {
      const answer = await post({ StateCode: 'ME', ZipCode: '04330' });
      expect(answer.body.Result).toBe('sold');
      return (await LeadSale.query.ofLead(answer.body.LeadId).all())[0]!;
    };
    // While both are active the shares alternate.
    const both = [await sold(), await sold()];
    expect(both.map((s) => s.orderId)).toEqual([orderId, orderId]);
    expect(both.map((s) => s.recipientAgentId).sort()).toEqual([ownerId, recipientId].sort());
    // Terminated, the recipient receives nothing and the order keeps buying for the owner.
    await AgentProfile.patch({ agentId: recipientId }, { set: { status: 0 } }, { current: recipient });
    const after = [await sold(), await sold(), await sold()];
    expect(after.map((s) => [s.orderId, s.recipientAgentId])).toEqual([[orderId, ownerId], [orderId, ownerId], [orderId, ownerId]]);
    // Active again but with their Leads toggle off (order status Paused, "not purchasing leads"): still
    // nothing, whether the engine's snapshot has seen the change yet (the sale's condition) or not.
    await AgentProfile.patch({ agentId: recipientId }, { set: { status: 1, orderStatus: 0 } }, { current: (await AgentProfile.get({ agentId: recipientId }, { consistent: true }))! });
    expect((await sold()).recipientAgentId).toBe(ownerId);
    await api.settled();
    expect((await sold()).recipientAgentId).toBe(ownerId);
    // Taking leads again (once the snapshot has it), the recipient is furthest behind their share and receives the next one.
    await AgentProfile.patch({ agentId: recipientId }, { set: { orderStatus: 1 } }, { current: (await AgentProfile.get({ agentId: recipientId }, { consistent: true }))! });
    await api.settled();
    expect((await sold()).recipientAgentId).toBe(recipientId);
  });

  it('splits a routing rule between the call center and the post target within one lead of its percentages', async () => {
    await agentWithOrder({ state: 'MO', zip: '63101', balanceCents: 1_000_000 });
    await RoutingRule.put({ ruleId: `R-${RUN}`, name: 'Missouri', description: '', active: true, ppPercent: 70, callCenterPercent: 30, zipCodes: [], states: ['MO'], linesOfBusiness: [], campaignIds: [ids.campaign], defaultRule: false, priority: 0, createdDate: at, callCenterCount: 0, ppCount: 0, revision: 1, modifiedBy: 'test', lastUpdated: at });
    // The engine holds the rules until the projector raises the catalogue's version.
    await api.settled();
    const results: string[] = [];
    const leadIds: string[] = [];
    for (let i = 0; i < 10; i++) {
      const answer = await post({ StateCode: 'MO', ZipCode: '63101' });
      results.push(answer.body.Result);
      leadIds.push(answer.body.LeadId);
    }
    // The stored leads say where the rule sent them (the rules' shown counts are a view of them, routing-counts-view.ts).
    const leads = await Promise.all(leadIds.map((leadId) => Lead.get({ leadId })));
    expect(leads.every((l) => l!.ruleId === `R-${RUN}`)).toBe(true);
    const routedTo = (side: string) => leads.filter((l) => l!.routedTo === side).length;
    expect([routedTo('callCenter'), routedTo('post')]).toEqual([3, 7]);
    expect(results.filter((r) => r === 'sold')).toHaveLength(7);
  });
});

describe('the candidate snapshot and the sale\'s conditions', () => {
  it('sells to an order saved just before, and never to one whose geography left the zip since, charging nothing then', async () => {
    expect((await post({ StateCode: 'ID', ZipCode: '83702' })).body.Result).toBe('unsold');
    const { agentId, orderId } = await agentWithOrder({ state: 'ID', zip: '83702', balanceCents: 10_000 });
    await api.settled();
    const sold = await post({ StateCode: 'ID', ZipCode: '83702' });
    expect(sold.body.Result).toBe('sold');
    expect((await LeadSale.query.ofLead(sold.body.LeadId).all()).map((s) => s.agentId)).toEqual([agentId]);
    const before = (await getBalance(agentId))!.balanceCents;

    // A geography edit as a save writes it (the header's and the target's revision move together): the
    // next lead may be decided on a snapshot from before it, and the sale's revision condition refuses it.
    const header = (await Order.get({ orderId }))!;
    await Order.patch({ orderId }, { set: { revision: header.revision + 1 } });
    await OrderTarget.patch({ orderId, state: 'ID' }, { set: { zips: ['83704'], revision: header.revision + 1 } });
    const refused = await post({ StateCode: 'ID', ZipCode: '83702' });

    expect(refused.body.Result).toBe('unsold');
    expect((await getBalance(agentId))!.balanceCents).toBe(before);
    const passed = (await Lead.get({ leadId: refused.body.LeadId }))!.trace.filter((p) => p.orderId === orderId);
    expect(passed.every((p) => p.passedOver === "The order's geography no longer takes this zip.")).toBe(true);
    await api.settled();
    expect((await post({ StateCode: 'ID', ZipCode: '83704' })).body.Result).toBe('sold');
    const ledger = await ledgerSumMatches(agentId);
    expect(ledger.sum).toBe(ledger.balance);
  });

  it('sells to an agent who topped up after being seen short, when no one else could take the lead', async () => {
    const { agentId } = await agentWithOrder({ state: 'NE', zip: '68102', balanceCents: 1_000 });
    const short = await post({ StateCode: 'NE', ZipCode: '68102' });
    expect(short.body.Result).toBe('unsold');
    await postEntry({ agentId, deltaCents: 10_000, type: 'AgentContribution', description: 'top-up', idempotencyKey: `test:${agentId}:top-up` });
    await api.settled();

    const sold = await post({ StateCode: 'NE', ZipCode: '68102' });

    expect(sold.body.Result).toBe('sold');
    const ledger = await ledgerSumMatches(agentId);
    expect(ledger.sum).toBe(ledger.balance);
  });
});

describe('the demo data', () => {
  it("accepts docs/intake-api.md's curl body with the seeded demo vendor token", async () => {
    const { DEMO_VENDOR_TOKEN } = await import('#core/seed/vendors.ts');
    const answer = await post({ CampaignCode: 'HWL', StateCode: 'IL', ZipCode: '60601', Email: 'pat@example.com', Address1: '1 Main St', City: 'Chicago' }, DEMO_VENDOR_TOKEN);
    expect(answer.status, answer.errors.join()).toBe(201);
    expect(['sold', 'unsold']).toContain(answer.body.Result);
  });
});

describe('GET /api/intake/openapi.json', () => {
  type Operation = { operationId: string; requestBody: { content: Record<string, { schema: unknown }> }; responses: Record<string, { content?: Record<string, { schema: unknown }> }> };
  const jsonOf = (x: { content?: Record<string, { schema: unknown }> } | undefined) => x?.content?.['application/json']?.schema;

  it('serves the OpenAPI document of the posting route and the live-transfer ping', async () => {
    const doc = await api.fetch<{ openapi: string; paths: Record<string, { post: Operation }> }>('GET', '/intake/openapi.json');
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toBe('3.1.0');
    expect(Object.keys(doc.body.paths)).toEqual(expect.arrayContaining(['/intake/leads', '/intake/ping']));
    expect(Object.keys(doc.body.paths['/intake/ping']!.post.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '429']));
  });

  it("gives the ping's request and answer the contract's schemas (shared/api/intake.ts), and a real ping answer has the documented fields", async () => {
    // The document's schemas are zod's JSON Schema of the contract (shared/api/openapi.ts `jsonSchemaOf`).
    const { jsonSchemaOf } = await import('#shared/api/openapi.ts');
    const { intakeApi, intakeLeadBodySchema, intakePingAnswerSchema, intakePingBodySchema } = await import('#shared/api/intake.ts');
    const doc = await api.fetch<{ paths: Record<string, { post: Operation }> }>('GET', '/intake/openapi.json');
    const ping = doc.body.paths['/intake/ping']!.post;
    const lead = doc.body.paths['/intake/leads']!.post;
    expect(jsonOf(ping.requestBody)).toEqual(JSON.parse(JSON.stringify(jsonSchemaOf(intakePingBodySchema, 'input'))));
    expect(jsonOf(ping.responses['200'])).toEqual(JSON.parse(JSON.stringify(jsonSchemaOf(intakePingAnswerSchema, 'output'))));
    expect(jsonOf(lead.requestBody)).toEqual(JSON.parse(JSON.stringify(jsonSchemaOf(intakeLeadBodySchema, 'input'))));
    expect(jsonOf(lead.responses['201'])).toEqual(JSON.parse(JSON.stringify(jsonSchemaOf(intakeApi['intake.postLead'].response, 'output'))));
    const documented = jsonOf(ping.responses['200']) as { required: string[]; properties: Record<string, unknown> };
    expect(documented.required.sort()).toEqual(['BidAmount', 'ErrorMessages', 'PingId', 'Result']);
    expect(Object.keys((jsonOf(ping.requestBody) as { properties: Record<string, unknown> }).properties).sort()).toEqual(['CallerId', 'CampaignCode', 'StateCode', 'ZipCode']);

    const answer = await api.fetch<Record<string, unknown>>('POST', '/intake/ping', { origin: false, body: { CampaignCode: code, CallerId: '(312) 555-0100', StateCode: 'IL', ZipCode: '60601' }, headers: { authorization: `Bearer ${fx.token}` } });
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body).sort()).toEqual(Object.keys(documented.properties).filter((k) => k !== 'Sandbox').sort());
  });
});
