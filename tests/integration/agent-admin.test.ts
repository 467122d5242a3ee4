// Agent Information's save (spec part 3 §2, §4, §5, §6, §7 PATCH agent) and the account status audit
// (GET agent/{agentId}/orderstatusaudit) through the real gateway and handlers against DynamoDB Local:
// each field behind its permission, the audits written with the change, the credit line versioned
// with the balance (a ledger write that read the old version is refused), stale and concurrent saves,
// bad input, and the read-only contact fields.
import { beforeAll, describe, expect, it } from 'vitest';
import { AGENT_ADMIN_MESSAGES } from '#shared/agent-admin.ts';
import { agentProfileFixture } from '../support/agent-fixture.ts';
import { useApiHarness, type Session } from '../support/api-harness.ts';

const api = useApiHarness();

const { DEMO_AGENT_IDS } = await import('#core/seed/demo-users.ts');
const { Balance } = await import('#entities/balance.ts');
const { CreditLineChange } = await import('#entities/credit-line-change.ts');
const { AgentProfile } = await import('#entities/agent-profile.ts');
const { postEntry } = await import('#core/money/ledger.ts');
const { LedgerEntry } = await import('#entities/ledger-entry.ts');
const { applyAgentSettings, changedFields } = await import('#core/directory/agent-admin.ts');
const { registerAgent } = await import('#core/directory/agent-registry.ts');

let admin: Session;
let support: Session;
let manager: Session;
let sponsor: Session;
let captive: Session;

beforeAll(async () => {
  [admin, support, manager, sponsor, captive] = await Promise.all([
    api.sessionFor('admin'),
    api.sessionFor('support'),
    api.sessionFor('manager'),
    api.sessionFor('sponsor agent'),
    api.sessionFor('captive agent'),
  ]);
});

const BROKER = DEMO_AGENT_IDS.broker;

describe('PATCH /api/agent', () => {
  it('saves priority, credit line and statuses in one go and answers the agent as saved', async () => {
    const before = await api.call('agents.get', { params: { agentId: BROKER }, session: admin });
    const res = await api.call('agents.update', {
      body: { ...fullAgent(before.body), Priority: 9, CreditLine: '250.50', OrderStatus: 1, LiveTransferStatus: 1, ThirdPartyLeadStatus: true },
      session: admin,
    });
    expect(res.errors).toEqual([]);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ AgentId: BROKER, Priority: 9, CreditLine: 250.5, OrderStatus: 1, LiveTransferStatus: 1, ThirdPartyLeadStatus: true });
    const balance = await Balance.get({ agentId: BROKER }, { consistent: true });
    expect(balance?.creditLineCents).toBe(25_050);
    const changes = await CreditLineChange.query.ofAgent(BROKER).all();
    expect(changes.at(-1)).toMatchObject({ newCents: 25_050, changedBy: 'U-admin', source: 'Agent Information' });
  });

  it('writes an audit row for each status it changes and none for a save that changes nothing', async () => {
    const audit = async () => (await api.call('agents.statusAudit', { params: { agentId: BROKER }, session: admin })).body;
    const start = await audit();
    await api.call('agents.update', { body: { AgentId: BROKER, OrderStatus: 1, LiveTransferStatus: 0, ThirdPartyLeadStatus: false }, session: admin });
    const after = await audit();
    const added = after.slice(0, after.length - start.length);
    expect(added.map((r) => r.StatusType).sort()).toEqual(['LiveTransfer', 'ThirdParty']);
    expect(added.find((r) => r.StatusType === 'LiveTransfer')).toMatchObject({ PreviousStatus: 'active', NewStatus: 'paused', UpdatedBy: 'U-admin' });
    // The same values again: nothing written.
    await api.call('agents.update', { body: { AgentId: BROKER, OrderStatus: 1, LiveTransferStatus: 0 }, session: admin });
    expect(await audit()).toHaveLength(after.length);
  });

  it('refuses to turn live transfer on for a paused account, but pauses and switches off in one save', async () => {
    const agentId = DEMO_AGENT_IDS.firstFamily;
    await api.call('agents.update', { body: { AgentId: agentId, OrderStatus: 1, LiveTransferStatus: 1 }, session: admin });
    const both = await api.call('agents.update', { body: { AgentId: agentId, OrderStatus: 0, LiveTransferStatus: 0 }, session: admin });
    expect(both.status).toBe(200);
    const refused = await api.call('agents.update', { body: { AgentId: agentId, LiveTransferStatus: 1 }, session: admin });
    expect(refused.status).toBe(400);
    expect(refused.errors).toEqual([AGENT_ADMIN_MESSAGES.pausedAccount]);
    expect((await AgentProfile.get({ agentId }, { consistent: true }))?.liveTransferStatus).toBe(0);
  });

  it('lets support change what its permissions allow, and refuses managers, agents and sponsors with 403', async () => {
    const ok = await api.call('agents.update', { body: { AgentId: BROKER, Priority: 4, CreditLine: 100 }, session: support });
    expect(ok.status).toBe(200);
    for (const session of [manager, sponsor, captive]) {
      const res = await api.call('agents.update', { body: { AgentId: BROKER, Priority: 1 }, session });
      expect(res.status).toBe(403);
    }
    expect((await AgentProfile.get({ agentId: BROKER }, { consistent: true }))?.priority).toBe(4);
  });

  it('refuses a contact field that differs from the stored agent and changes nothing', async () => {
    const before = await api.call('agents.get', { params: { agentId: BROKER }, session: admin });
    const res = await api.call('agents.update', {
      body: { ...fullAgent(before.body), Priority: 2, EmailAddress: 'someone.else@example.com', City: 'Elsewhere' },
      session: admin,
    });
    expect(res.status).toBe(400);
    expect(res.errors).toEqual([AGENT_ADMIN_MESSAGES.readOnlyField('E-mail'), AGENT_ADMIN_MESSAGES.readOnlyField('City')]);
    expect((await AgentProfile.get({ agentId: BROKER }, { consistent: true }))?.priority).toBe(4);
  });

  it('answers the rules of §5 for a bad priority or credit line, and 404 for an unknown agent', async () => {
    for (const [body, message] of [
      [{ AgentId: BROKER, Priority: 11 }, AGENT_ADMIN_MESSAGES.priorityRange],
      [{ AgentId: BROKER, Priority: 0 }, AGENT_ADMIN_MESSAGES.priorityRange],
      [{ AgentId: BROKER, Priority: 2.5 }, AGENT_ADMIN_MESSAGES.priorityRange],
      [{ AgentId: BROKER, CreditLine: -1 }, AGENT_ADMIN_MESSAGES.creditLineInvalid],
      [{ AgentId: BROKER, CreditLine: '12.345' }, AGENT_ADMIN_MESSAGES.creditLineInvalid],
      [{ AgentId: BROKER, CreditLine: 100_000.01 }, AGENT_ADMIN_MESSAGES.creditLineInvalid],
      [{ AgentId: BROKER, CreditLine: 'ten' }, AGENT_ADMIN_MESSAGES.creditLineInvalid],
      // Text the way transfer amounts read it: no exponent, hex, third decimal or empty text.
      [{ AgentId: BROKER, CreditLine: '1e3' }, AGENT_ADMIN_MESSAGES.creditLineInvalid],
      [{ AgentId: BROKER, CreditLine: '0x10' }, AGENT_ADMIN_MESSAGES.creditLineInvalid],
      [{ AgentId: BROKER, CreditLine: '12.000' }, AGENT_ADMIN_MESSAGES.creditLineInvalid],
      [{ AgentId: BROKER, CreditLine: ' ' }, AGENT_ADMIN_MESSAGES.creditLineInvalid],
    ] as const) {
      const res = await api.fetch('PATCH', '/agent', { session: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.errors).toContain(message);
    }
    const unknown = await api.call('agents.update', { body: { AgentId: 'NO-SUCH-AGENT', Priority: 3 }, session: admin });
    expect(unknown.status).toBe(404);
    expect(unknown.errors).toEqual([AGENT_ADMIN_MESSAGES.notFound]);
  });

  it('refuses a save based on values someone else changed meanwhile with 409', async () => {
    const { current } = await changedFields(BROKER, { priority: 6 });
    await api.call('agents.update', { body: { AgentId: BROKER, Priority: 7 }, session: admin });
    await expect(applyAgentSettings(BROKER, { priority: 6 }, current, 'U-admin')).rejects.toMatchObject({ status: 409 });
    expect((await AgentProfile.get({ agentId: BROKER }, { consistent: true }))?.priority).toBe(7);
  });

  it('versions the credit line with the balance: a ledger write between the read and the save makes the save 409', async () => {
    const { current } = await changedFields(BROKER, { creditLineCents: 5_000 });
    await postEntry({ agentId: BROKER, deltaCents: 1_00, type: 'LeadCredit', description: 'test credit', idempotencyKey: 'agent-admin:credit-line-race' });
    await expect(applyAgentSettings(BROKER, { creditLineCents: 5_000 }, current, 'U-admin')).rejects.toMatchObject({ status: 409 });
  });

  it('lets a lead purchase take the balance below zero down to minus the credit line, and no further', async () => {
    const agentId = DEMO_AGENT_IDS.captive;
    const balance = (await Balance.get({ agentId }, { consistent: true }))!;
    await api.call('agents.update', { body: { AgentId: agentId, CreditLine: 20 }, session: admin });
    const floor = -2_000;
    const spend = balance.balanceCents - floor;
    await expect(
      postEntry({ agentId, deltaCents: -(spend + 1), type: 'LeadSpend', description: 'one cent too far', idempotencyKey: 'agent-admin:too-far', allowCreditLine: true }),
    ).rejects.toMatchObject({ status: 400 });
    const ok = await postEntry({ agentId, deltaCents: -spend, type: 'LeadSpend', description: 'to the floor', idempotencyKey: 'agent-admin:floor', allowCreditLine: true });
    expect(ok.balanceCents).toBe(floor);
    const entries = await LedgerEntry.query.ofAgent(agentId).all();
    expect(entries.reduce((sum, e) => sum + e.creditCents - e.debitCents, 0)).toBe(floor);
  });
});

describe('GET /api/agent/{agentId} and a save of what it answered', () => {
  it("answers a paused account's stored live transfer status, so saving the agent as read with only a new priority switches nothing", async () => {
    const agentId = `AADM${Date.now().toString(36).toUpperCase()}`;
    await registerAgent(agentProfileFixture(agentId, { orderStatus: 1, liveTransferStatus: 1, priority: 5 }), { creditLineCents: 0 });
    expect((await api.call('agents.update', { body: { AgentId: agentId, OrderStatus: 0 }, session: admin })).status).toBe(200);
    const audit = async () => (await api.call('agents.statusAudit', { params: { agentId }, session: admin })).body;
    const auditBefore = await audit();

    const read = await api.call('agents.get', { params: { agentId }, session: admin });
    expect(read.body).toMatchObject({ OrderStatus: 0, LiveTransferStatus: 1 });
    const { OrderStatus, LiveTransferStatus, ThirdPartyLeadStatus, CreditLine } = read.body;
    const saved = await api.call('agents.update', {
      body: { ...fullAgent(read.body), OrderStatus, LiveTransferStatus, ThirdPartyLeadStatus, CreditLine, Priority: 7 },
      session: admin,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ Priority: 7, OrderStatus: 0, LiveTransferStatus: 1 });
    expect(await AgentProfile.get({ agentId }, { consistent: true })).toMatchObject({ priority: 7, orderStatus: 0, liveTransferStatus: 1 });
    expect(await audit()).toEqual(auditBefore);
  });

  it('keeps GET me showing live transfer as Paused while the account is paused (part 1 §4), whatever is stored', async () => {
    const agentId = DEMO_AGENT_IDS.captive;
    await api.call('agents.update', { body: { AgentId: agentId, OrderStatus: 1, LiveTransferStatus: 1 }, session: admin });
    await api.call('agents.update', { body: { AgentId: agentId, OrderStatus: 0 }, session: admin });
    const me = await api.call('me.get', { session: captive });
    expect(me.body.Account).toMatchObject({ OrderStatus: 0, LiveTransferStatus: 0 });
    expect((await api.call('agents.get', { params: { agentId }, session: admin })).body).toMatchObject({ OrderStatus: 0, LiveTransferStatus: 1 });
    await api.call('agents.update', { body: { AgentId: agentId, OrderStatus: 1 }, session: admin });
  });
});

describe('GET /api/agent/{agentId}/orderstatusaudit', () => {
  it('lets the agent read their own audit and refuses another agent', async () => {
    const own = await api.call('agents.statusAudit', { params: { agentId: DEMO_AGENT_IDS.captive }, session: captive });
    expect(own.status).toBe(200);
    const other = await api.call('agents.statusAudit', { params: { agentId: BROKER }, session: captive });
    expect(other.status).toBe(403);
  });
});

/** The full agent as the page sends it back: what GET agent answered, contact fields included. */
function fullAgent(a: { AgentId: string; EmailAddress: string; Address1: string; City: string; State: string; Zip: string }) {
  return { AgentId: a.AgentId, EmailAddress: a.EmailAddress, Address1: a.Address1, City: a.City, State: a.State, Zip: a.Zip };
}
