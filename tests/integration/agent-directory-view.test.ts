// The agent directory's view (views/directory-view.ts) and the directory held in memory that lists it
// (directory/snapshot.ts): every kind of change to an agent shows in the list's rows and orders once
// the projector has applied it, a record applied twice or the profile's and the balance's records in
// either order give the same row, and a rebuild from the facts gives the list back whole. Its own
// table without the demo seed, so the directory holds only what this file creates.
import { beforeAll, describe, expect, it } from 'vitest';
import { agentProfileFixture } from '../support/agent-fixture.ts';
import { useApiHarness } from '../support/api-harness.ts';

const api = useApiHarness({ seed: false, projector: true });

const { registerAgent, stampLastLogin } = await import('#core/directory/agent-registry.ts');
const { postEntry, setCreditLine, transfer } = await import('#core/money/ledger.ts');
const { applyAgentSettings, changedFields } = await import('#core/directory/agent-admin.ts');
const { setAgentStatus } = await import('#core/directory/agent-lifecycle.ts');
const { listAgents } = await import('#core/directory/agent-directory.ts');
const { loadAccount } = await import('#core/money/accounts.ts');
const { AgentProfile } = await import('#entities/agent-profile.ts');
const { Balance } = await import('#entities/balance.ts');
const { DirectoryRow, DirectoryShardVersion, DIRECTORY_SHARDS, shardOf } = await import('#entities/directory-row.ts');
const { directoryView } = await import('#core/views/directory-view.ts');
const { rebuildViews, viewsNamed } = await import('#core/views/rebuild.ts');
const { batchDelete } = await import('#platform/db.ts');

const STAFF = { scope: { kind: 'all' as const }, canSeePriority: true, canSeeCreditLine: true };
const AGENTS = ['V1', 'V2', 'V3', 'V4'];

/** The listed agents' ids in an order, once every write so far is projected. */
async function order(column: Parameters<typeof listAgents>[1]['sort']['column'], descending = false): Promise<string[]> {
  await api.settled();
  const page = await listAgents(STAFF, { filters: {}, sort: { column, descending }, page: 1, pageSize: 100 });
  return page.entries.map((e) => e.agentId);
}

async function row(agentId: string) {
  await api.settled();
  const page = await listAgents(STAFF, { filters: { agentId }, sort: { column: 'AgentId', descending: false }, page: 1, pageSize: 100 });
  return page.entries.find((e) => e.agentId === agentId);
}

beforeAll(async () => {
  for (const [i, agentId] of AGENTS.entries())
    await registerAgent(agentProfileFixture(agentId, { firstName: `First${i}`, lastName: `Last${i}`, priority: 5 }), { creditLineCents: 0 });
}, 60_000);

describe('the directory view', () => {
  it('lists a new agent with its profile and an opened account', async () => {
    expect(await order('LastName')).toEqual(AGENTS);
    expect(await row('V2')).toMatchObject({ firstName: 'First1', lastName: 'Last1', status: 1, type: 0, priority: 5, balanceCents: 0, creditLineCents: 0 });
  });

  it('moves an agent in the balance order after a credit and a transfer', async () => {
    await postEntry({ agentId: 'V3', deltaCents: 5_000, type: 'CreditCardPayment', description: 'Card', idempotencyKey: 'view:card:V3' });
    expect((await order('CurrentBalance', true))[0]).toBe('V3');
    await transfer({ fromAgentId: 'V3', toAgentId: 'V1', amountCents: 4_000, type: 'FundsTransfer', description: 'Transfer', idempotencyKey: 'view:transfer' });
    expect((await order('CurrentBalance', true)).slice(0, 2)).toEqual(['V1', 'V3']);
    expect(await row('V1')).toMatchObject({ balanceCents: 4_000 });
    expect(await row('V3')).toMatchObject({ balanceCents: 1_000 });
  });

  it('moves an agent in the credit line, priority, last login and status orders', async () => {
    await setCreditLine({ agentId: 'V4', creditLineCents: 25_000, by: 'test', source: 'test' });
    expect((await order('CreditLine', true))[0]).toBe('V4');

    const { current } = await changedFields('V2', { priority: 9 });
    await applyAgentSettings('V2', { priority: 9 }, current, 'test');
    expect((await order('Priority', true))[0]).toBe('V2');

    await stampLastLogin('V1', new Date('2026-05-01T12:00:00.000Z'));
    expect((await order('LastLoginDateTime', true))[0]).toBe('V1');

    await setAgentStatus('V3', 0, new Date('2026-05-02T12:00:00.000Z'));
    expect((await order('Status'))[0]).toBe('V3');
    expect(await row('V3')).toMatchObject({ status: 0, terminationDate: '2026-05-02T12:00:00.000Z' });
    await setAgentStatus('V3', 1);
    const back = await row('V3');
    expect(back?.status).toBe(1);
    expect(back).not.toHaveProperty('terminationDate');
  });

  it('writes the same row for a record applied twice, and for the profile and balance records in either order', async () => {
    await api.settled();
    const [profile, balance] = await Promise.all([AgentProfile.get({ agentId: 'V4' }, { consistent: true }), Balance.get({ agentId: 'V4' }, { consistent: true })]);
    const asRecord = (item: object, sk: string) => ({ eventId: 'test', eventName: 'MODIFY' as const, sequenceNumber: '', keys: { pk: 'AGENT#V4', sk }, newImage: { ...item, entity: sk === 'PROFILE' ? 'AgentProfile' : 'Balance' } });
    const stored = () => DirectoryRow.get({ shard: shardOf('V4'), agentId: 'V4' }, { consistent: true });
    const before = await stored();
    await DirectoryRow.delete({ shard: shardOf('V4'), agentId: 'V4' });
    // As the projector applies them: a batch's balances are written at its end.
    await directoryView.apply(asRecord(balance!, 'BALANCE'));
    await directoryView.apply(asRecord(profile!, 'PROFILE'));
    await directoryView.apply(asRecord(profile!, 'PROFILE'));
    await directoryView.afterBatch!();
    expect(await stored()).toEqual(before);
    await directoryView.apply(asRecord(balance!, 'BALANCE'));
    await directoryView.afterBatch!();
    expect(await stored()).toEqual(before);
  });

  it('gives the list back whole from a rebuild after its rows and versions are gone', async () => {
    const before = await listAgents(STAFF, { filters: {}, sort: { column: 'CurrentBalance', descending: true }, page: 1, pageSize: 100 });
    const shards = [...Array(DIRECTORY_SHARDS).keys()];
    const rows = (await Promise.all(shards.map((shard) => DirectoryRow.query.ofShard(shard).all({ consistent: true })))).flat();
    await batchDelete([...rows.map((r) => DirectoryRow.key(r)), ...shards.map((shard) => DirectoryShardVersion.key({ shard }))]);
    await rebuildViews(viewsNamed(['directory']));
    const after = await listAgents(STAFF, { filters: {}, sort: { column: 'CurrentBalance', descending: true }, page: 1, pageSize: 100 });
    expect(after).toEqual(before);
  });

  it("takes an agent's Last Lead from the latest of its sales' records, in any order, for the list and the account", async () => {
    const sale = (at: string) => ({
      eventId: `sale-${at}`, eventName: 'INSERT' as const, sequenceNumber: '', keys: { pk: 'LEAD#L1', sk: `SALE#${at}` },
      newImage: { entity: 'LeadSale', leadId: 'L1', userFacingLeadId: 100001, at, agentId: 'V2', recipientAgentId: 'V2', orderId: 'O1', userFacingOrderId: 1, campaignId: 'C1', agentPurchasePriceCents: 100, companyPurchasePriceCents: 50, ledgerEntryId: 'E1', why: 'test' },
    });
    await directoryView.apply(sale('2026-05-03T10:00:00.000Z'));
    await directoryView.apply(sale('2026-05-01T10:00:00.000Z'));
    await directoryView.afterBatch!();
    expect(await row('V2')).toMatchObject({ lastLeadAt: '2026-05-03T10:00:00.000Z' });
    expect((await order('LastLeadDateTime', true))[0]).toBe('V2');
    expect((await loadAccount('V2'))?.profile.lastLeadAt).toBe('2026-05-03T10:00:00.000Z');
  });
});
