// Faults at every DynamoDB step of a lead sale (a vendor's post sold by the engine) and of a dispute
// credit (staff approving a buyer's dispute): throttled, the answer lost after the write, a condition
// failed; then the vendor's retry of the same post (same VendorLeadId) or staff's identical decision
// again. The lead sells once, to one order, charged once; the credit is paid once.
process.env.FAULT_INJECTION = 'on';
import { beforeAll, expect, it } from 'vitest';
import { useApiHarness, type Session } from '../../support/api-harness.ts';
import { recordPath, runFaultMatrix, saveRows, type FaultPath } from '../../support/fault-matrix.ts';
import { useLeadFixture } from '../../support/lead-fixture.ts';
import { ledgerViews, moneyFacts } from './fault-agents.ts';

const PRICE = 2_500;
const api = useApiHarness({ projector: true });
const fx = useLeadFixture(api, {
  idPrefix: 'X',
  codeLetter: 'X',
  names: { campaign: 'Faults' },
  prices: { captiveCents: PRICE, brokerCents: PRICE },
  validation: { minAge: 0 },
  agentDefaults: { balanceCents: 10_000 },
  firstPhone: 3129870000,
});
const settled = () => api.settled();

const { LeadSale } = await import('#entities/lead-sale.ts');
const { LedgerEntry } = await import('#entities/ledger-entry.ts');
const { Order } = await import('#entities/order.ts');
const { DisputeReason } = await import('#entities/dispute-reason.ts');
const { getBalance } = await import('#core/money/ledger.ts');

// Each sale case has a state of its own, so its lead has exactly one candidate: the case's order.
const STATES: [string, string][] = Object.entries({
  AL: '36104', AZ: '85004', AR: '72201', CA: '95814', CO: '80202', CT: '06103', DE: '19901', FL: '32301', GA: '30303', ID: '83702',
  IN: '46204', IA: '50309', KS: '66603', KY: '40601', LA: '70802', ME: '04330', MD: '21401', MA: '02108', MI: '48933', MN: '55102',
  MS: '39201', MO: '65101', MT: '59601', NE: '68508', NV: '89701', NH: '03301', NJ: '08608', NM: '87501', NY: '12207', NC: '27601',
  ND: '58501', OH: '43215', OK: '73102', OR: '97301', PA: '17101', RI: '02903', SC: '29201', SD: '57501', TN: '37219', TX: '78701',
  UT: '84111', VT: '05602', VA: '23219', WA: '98501', WV: '25301', WI: '53703', WY: '82001',
});
let nextState = 0;
const aState = () => {
  const s = STATES[nextState++];
  if (!s) throw new Error('The fault suite ran out of states for its sale cases');
  return s;
};

let vendorLeadIds = 0;

interface Sale {
  agentId: string;
  orderId: string;
  body: Record<string, unknown>;
  leadId?: string;
}

const answer = (res: { status: number; headers: Headers; errors: string[]; body: unknown }) => ({
  status: res.status,
  retryAfter: res.headers.get('retry-after'),
  note: res.errors.join('; ') || ((res.body as { Result?: string } | undefined)?.Result ?? ''),
});

const leadSale: FaultPath<Sale> = {
  name: 'lead sale',
  arrange: async () => {
    const [state, zip] = aState();
    const { agentId, orderId } = await fx.agentWithOrder({ state, zip });
    return { agentId, orderId, body: { VendorLeadId: `XVL-fault-${fx.run}-${vendorLeadIds++}`, PrimaryPhone: fx.nextPhone(), StateCode: state, ZipCode: zip } };
  },
  act: async (sale) => {
    const res = await fx.post(sale.body);
    if (res.status < 300) sale.leadId = res.body.LeadId;
    return answer(res);
  },
  facts: async (sale) => {
    if (!sale.leadId) return ['no answer named the lead'];
    const [sales, order] = await Promise.all([LeadSale.query.ofLead(sale.leadId).all({ consistent: true }), Order.get({ orderId: sale.orderId }, { consistent: true })]);
    const problems = await moneyFacts(sale.agentId, 10_000 - PRICE, ['AgentContribution', 'LeadSpend']);
    if (sales.length !== 1 || sales[0]!.orderId !== sale.orderId) problems.push(`lead ${sale.leadId} has ${sales.length} sales (${sales.map((s) => s.orderId).join(',')}), want one to ${sale.orderId}`);
    if (order?.leadCount !== 1) problems.push(`order ${sale.orderId} counts ${order?.leadCount} leads, want 1`);
    const days = Object.values(order?.usage ?? {}).filter((p) => p && typeof p === 'object' && 'count' in p) as { count: number }[];
    if (days.some((p) => p.count !== 1)) problems.push(`order ${sale.orderId} usage ${JSON.stringify(order?.usage)}, want 1 in every period`);
    return problems;
  },
  views: (sale) => ledgerViews(sale.agentId),
  settled,
};

// Disputes: every case's lead sells in one state to a buyer of its own (one order per state at a time:
// each case's order is cancelled once its lead sold, so the next case's lead goes to the next buyer).
interface DisputeCase {
  agentId: string;
  leadId: string;
  userFacingLeadId: number;
  balanceBefore: number;
}
let admin: Session;
beforeAll(async () => {
  admin = await api.sessionFor('admin');
  await DisputeReason.put({ vendorId: fx.ids.vendor, vendorReason: 'NOTINTERESTED', userFacingReason: 'Not interested', position: 0 });
}, 120_000);

const disputeCredit: FaultPath<DisputeCase> = {
  name: 'dispute credit',
  arrange: async () => {
    const [state, zip] = aState();
    const buyer = await fx.agentWithOrder({ state, zip, withSession: true });
    const outcome = await fx.intake({ lead: { stateCode: state, zipCode: zip } });
    if (outcome.status !== 'accepted' || outcome.result !== 'sold') throw new Error(`The lead did not sell: ${JSON.stringify(outcome)}`);
    const [sale] = await LeadSale.query.ofLead(outcome.leadId).all({ consistent: true });
    const filed = await api.call('leads.dispute', { session: buyer.session, body: { LeadId: outcome.leadId, VendorReason: 'NOTINTERESTED', UserComments: 'Never asked for a quote.' } });
    expect(filed.status).toBeLessThan(300);
    return { agentId: buyer.agentId, leadId: outcome.leadId, userFacingLeadId: sale!.userFacingLeadId, balanceBefore: (await getBalance(buyer.agentId))!.balanceCents };
  },
  act: async (c) => answer(await api.call('leads.decideDispute', { session: admin, params: { leadId: c.leadId }, body: { AgentId: c.agentId, Decision: 'Approve', Reason: 'Checked the call recording.' } })),
  facts: async (c) => {
    const problems = await moneyFacts(c.agentId, c.balanceBefore + PRICE, ['AgentContribution', 'LeadSpend', 'LeadCredit']);
    const credits = (await LedgerEntry.query.ofAgent(c.agentId).all({ consistent: true })).filter((e) => e.type === 'LeadCredit');
    if (credits.length !== 1 || !credits[0]!.description.includes(String(c.userFacingLeadId))) problems.push(`${credits.length} credits for lead ${c.userFacingLeadId}`);
    return problems;
  },
  views: (c) => ledgerViews(c.agentId),
  settled,
};

for (const path of [leadSale, disputeCredit] as FaultPath<unknown>[]) {
  it(`${path.name}: every fault at every step, then the retry, moves the money exactly once`, async () => {
    const steps = await recordPath(path);
    expect(steps.length).toBeGreaterThan(0);
    const rows = await runFaultMatrix(path, steps);
    await saveRows(path.name, rows);
    expect(rows.filter((r) => r.problems.length).map((r) => `${r.step} ${r.fault}: ${r.first} → ${r.retry}: ${r.problems.join('; ')}`)).toEqual([]);
  }, 300_000);
}
