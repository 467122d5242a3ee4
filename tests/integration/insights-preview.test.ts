// The order wizards' fill-rate preview and the routing-rule simulation (issue 12 Insights) through the
// real gateway against DynamoDB Local, over leads the real engine took: vendor posts in IL and WI with
// the seeded default rule (50 % call center, so every second lead goes there), one agent's fund order
// in IL that buys the IL leads offered to orders. The preview counts the leads the engine offered to
// orders and shares them with the competing order; the simulation's "current" side equals what the
// engine did, and a proposed rule moves the counts as the engine would.
import { beforeAll, describe, expect, it } from 'vitest';
import { FILL_RATE_TEXTS, type FillRateBody } from '#shared/api/fill-rate.ts';
import { NO_RULE_ID, type RuleSimulationBody } from '#shared/api/rule-simulation.ts';
import type { FundOrderBody } from '#shared/orders/payload.ts';
import { RULE_MESSAGES } from '#shared/rules.ts';
import { useApiHarness, type Session } from '../support/api-harness.ts';
import { agentProfileFixture } from '../support/agent-fixture.ts';
import { useLeadFixture } from '../support/lead-fixture.ts';

// The rules' shown counts are the projector's (views/routing-counts-view.ts): read after api.settled().
const api = useApiHarness({ projector: true });
// No campaign validation, and the seeded routing rules left as they are (the default rule sends every
// second lead to the call center).
const fx = useLeadFixture(api, { codeLetter: 'P', names: { campaign: 'Preview' }, validation: false, routeAllToPost: false, firstPhone: 4145550000 });
const { run: RUN, ids } = fx;

const { Lead } = await import('#entities/lead.ts');
const { LeadSale } = await import('#entities/lead-sale.ts');
const { RoutingRule } = await import('#entities/routing-rule.ts');
const { listRules } = await import('#core/routing/routing-rules.ts');
const { registerAgent } = await import('#core/directory/agent-registry.ts');
const { postEntry } = await import('#core/money/ledger.ts');
const { DAYS } = await import('#shared/orders/order.ts');

let admin: Session;
const seller = `S${RUN.slice(-4)}`;
const buyer = `B${RUN.slice(-4)}`;
const sellerOrder = `O-${RUN}-seller`;
const leadIds: string[] = [];

const post = (state: string, zip: string) => fx.post({ StateCode: state, ZipCode: zip });

const slotsAllWeek = [{ StartSlot: 0, EndSlot: 48, Days: [...DAYS] }];
const fundDraft = (over: Partial<Extract<FillRateBody, { Flow: 'fund' }>> = {}): FillRateBody => ({
  Flow: 'fund', SelectedFunds: [ids.fund], StatesOnly: true, States: [{ StateAbbreviation: 'IL' }], ZipCodes: [], MaxPerMonth: 1000, OrderTimeSlots: slotsAllWeek, ...over,
});
const preview = async (agentId: string, body: FillRateBody, session = admin) => {
  const answer = await api.call('orders.fillRatePreview', { params: { agentId }, body, session });
  expect(answer.status, answer.errors.join()).toBe(200);
  return answer.body;
};

beforeAll(async () => {
  admin = await api.sessionFor('admin');
  for (const [agentId, state, zip] of [[seller, 'IL', '60601'], [buyer, 'WI', '53202']] as const)
    await registerAgent(agentProfileFixture(agentId, { state, zip, timeZone: 'Central', priority: 5 }), { creditLineCents: 0 });
  await postEntry({ agentId: seller, deltaCents: 100_000, type: 'AgentContribution', description: 'test money', idempotencyKey: `test:${seller}` });
  const order: FundOrderBody = {
    OrderId: sellerOrder, Description: 'IL order', SelectedFunds: [ids.fund], StatesOnly: true, States: [{ StateAbbreviation: 'IL' }], ZipCodes: [],
    MaxPerHour: 0, MaxPerDay: 0, MaxPerWeek: 0, MaxPerMonth: 1000, OrderRecipients: [{ AgentId: seller, Percentage: 100 }], OrderTimeSlots: slotsAllWeek,
  };
  const saved = await api.call('orders.createFundOrder', { params: { agentId: seller }, body: order, session: admin });
  expect(saved.status, saved.errors.join()).toBe(201);
  await api.settled();
  // One after the other, so the default rule numbers them 1..12: the even ones go to the call center.
  for (let i = 0; i < 8; i++) leadIds.push((await post('IL', '60601')).body.LeadId);
  for (let i = 0; i < 4; i++) leadIds.push((await post('WI', '53202')).body.LeadId);
  await api.settled();
}, 120_000);

describe('POST agent/{agentId}/orders/fillRatePreview', () => {
  it("counts the leads the engine offered to the order's own funds and states, and an order does not compete with itself", async () => {
    const leads = await Promise.all(leadIds.map((leadId) => Lead.get({ leadId })));
    expect(leads.map((l) => l!.leadStatus)).toEqual(['Sold', 'CallCenter', 'Sold', 'CallCenter', 'Sold', 'CallCenter', 'Sold', 'CallCenter', 'Unsold', 'CallCenter', 'Unsold', 'CallCenter']);
    const sold = (await Promise.all(leadIds.map((leadId) => LeadSale.query.ofLead(leadId).all()))).flat().filter((s) => s.orderId === sellerOrder);
    const own = await preview(seller, fundDraft({ OrderId: sellerOrder }));
    expect(own).toMatchObject({ HasHistory: true, MatchingLeads: sold.length, CompetingOrders: 0, LeadsPerWeek: 1, Sampled: false });
    expect(own.Basis).toBe(FILL_RATE_TEXTS.basis('1', 4, 0));
  });

  it('shares the matching leads with the competing active order: 4 IL leads ÷ (1 + 1) ÷ 4 weeks', async () => {
    const il = await preview(buyer, fundDraft());
    expect(il).toMatchObject({ MatchingLeads: 4, CompetingOrders: 1, LeadsPerWeek: 0.5 });
    expect(il.Basis).toBe('0.5 leads/week: 4 matching leads in the last 4 weeks shared with 1 competing order');
    const wi = await preview(buyer, fundDraft({ States: [{ StateAbbreviation: 'WI' }] }));
    expect(wi).toMatchObject({ MatchingLeads: 2, CompetingOrders: 0, LeadsPerWeek: 0.5 });
  });

  it('reads the campaign flow by lead type and vendor, zips in zip mode, and holds the figure to the caps', async () => {
    const flags = Object.fromEntries(DAYS.map((d) => [d, true])) as Record<(typeof DAYS)[number], boolean>;
    const campaign = await preview(buyer, {
      Flow: 'campaign', Campaigns: [{ CampaignId: ids.campaign, VendorIds: [ids.vendor] }], StatesOnly: true, States: [{ StateAbbreviation: 'IL' }, { StateAbbreviation: 'WI' }], ZipCodes: [],
      MaxPerDay: 10, OrderTimeSlots: [{ StartSlot: 0, EndSlot: 48, ...flags }],
    });
    expect(campaign).toMatchObject({ MatchingLeads: 6, CompetingOrders: 1, LeadsPerWeek: 1 });
    const zips = await preview(buyer, fundDraft({ StatesOnly: false, States: [], ZipCodes: [{ Key: 'Zip Codes', ZipCodes: [{ ZipCode: '60601' }, { ZipCode: '60602' }] }] }));
    expect(zips).toMatchObject({ MatchingLeads: 4, LeadsPerWeek: 0.5 });
    const capped = await preview(buyer, fundDraft({ MaxPerMonth: 1 }));
    expect(capped).toMatchObject({ LeadsPerWeek: 0.2, UncappedLeadsPerWeek: 0.5 });
    expect(capped.Basis).toContain(FILL_RATE_TEXTS.capped('0.2'));
  });

  it('says plainly when there is no history: another state, or a schedule that missed every lead', async () => {
    const oh = await preview(buyer, fundDraft({ States: [{ StateAbbreviation: 'OH' }] }));
    expect(oh).toMatchObject({ HasHistory: false, MatchingLeads: 0, LeadsPerWeek: 0, Basis: FILL_RATE_TEXTS.noHistory });
    // The days of the week the file's leads came in on (Chicago, the buyer's zone), from their own times,
    // not today's: Chicago's midnight may have passed since the file posted them.
    const weekday = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Chicago', weekday: 'long' });
    const leadDays = new Set((await Promise.all(leadIds.map((leadId) => Lead.get({ leadId })))).map((l) => weekday.format(new Date(l!.at))));
    const otherDays = DAYS.filter((d) => !leadDays.has(d));
    const missed = await preview(buyer, fundDraft({ OrderTimeSlots: [{ StartSlot: 0, EndSlot: 48, Days: otherDays }] }));
    expect(missed.HasHistory).toBe(false);
  });

  it('lets only the agent themself or staff ask, and refuses a draft without funds with the step\u2019s words', async () => {
    const agent = await api.sessionFor('captive agent');
    expect((await api.call('orders.fillRatePreview', { params: { agentId: buyer }, body: fundDraft(), session: agent })).status).toBe(403);
    const bad = await api.call('orders.fillRatePreview', { params: { agentId: buyer }, body: fundDraft({ SelectedFunds: [] }), session: admin });
    expect(bad.status).toBe(400);
    expect(bad.errors).toContain('At least one fund must is required.');
  });
});

describe('POST rules/simulate', () => {
  /** The default rule as the rules list shows it (its own counts plus the routing-counts view's). */
  const current = async () => (await listRules()).find((r) => r.ruleId === 'default')!;
  const change = (over: Partial<RuleSimulationBody['Rule']> = {}, ruleId?: string): RuleSimulationBody => ({
    ...(ruleId ? { RuleId: ruleId } : {}),
    Rule: { Name: 'Illinois to the call center', Description: '', Active: true, CallCenterPercent: 100, PPPercent: 0, ZipCodes: '', States: 'IL', LinesOfBusiness: '', Campaigns: '', ...over },
  });

  it("replays the window's leads through the current rules exactly as the engine routed them", async () => {
    const def = await current();
    const answer = await api.call('rules.simulate', { session: admin, body: change({ Name: def.name, States: '', CallCenterPercent: 50, PPPercent: 50 }, 'default') });
    expect(answer.status, answer.errors.join()).toBe(200);
    const leads = await Promise.all(leadIds.map((leadId) => Lead.get({ leadId })));
    const toCallCenter = leads.filter((l) => l!.leadStatus === 'CallCenter').length;
    expect(answer.body).toMatchObject({ LeadsReplayed: 12, Sampled: false, Totals: { Current: { CallCenter: toCallCenter, Post: 12 - toCallCenter }, Proposed: { CallCenter: 6, Post: 6 } } });
    expect(answer.body.Rules.find((r) => r.RuleId === 'default')).toMatchObject({ Current: { CallCenter: 6, Post: 6 } });
    // The engine's own counters moved by the same amounts (the seed started them at 1204 and 1187).
    expect([def.callCenterCount - 1204, def.ppCount - 1187]).toEqual([6, 6]);
  });

  it('puts a proposed new rule before the default rule and shows both sides, saving nothing', async () => {
    const before = await RoutingRule.query.all().all();
    const answer = await api.call('rules.simulate', { session: admin, body: change() });
    expect(answer.status).toBe(200);
    const rows = answer.body.Rules;
    expect(rows.at(-2)).toMatchObject({ RuleId: '', Current: { CallCenter: 0, Post: 0 }, Proposed: { CallCenter: 8, Post: 0 } });
    expect(rows.at(-1)).toMatchObject({ RuleId: 'default', Current: { CallCenter: 6, Post: 6 }, Proposed: { CallCenter: 2, Post: 2 } });
    expect(answer.body.Totals).toEqual({ Current: { CallCenter: 6, Post: 6 }, Proposed: { CallCenter: 10, Post: 2 } });
    expect(rows.some((r) => r.RuleId === NO_RULE_ID)).toBe(false);
    expect((await RoutingRule.query.all().all()).length).toBe(before.length);
  });

  it('is for staff who may edit the rules only, and parses the rule with the dialog\u2019s schema', async () => {
    expect((await api.call('rules.simulate', { session: await api.sessionFor('support'), body: change() })).status).toBe(403);
    expect((await api.call('rules.simulate', { session: await api.sessionFor('manager'), body: change() })).status).toBe(403);
    const bad = await api.call('rules.simulate', { session: admin, body: change({ CallCenterPercent: 60, PPPercent: 30 }) });
    expect(bad.status).toBe(400);
    expect(bad.errors).toEqual([RULE_MESSAGES.percentTotal]);
    const gone = await api.call('rules.simulate', { session: admin, body: change({}, 'no-such-rule') });
    expect(gone.status).toBe(404);
  });
});
