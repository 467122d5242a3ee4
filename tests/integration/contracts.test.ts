// The contract map through the real gateway and handlers (spec part 3 §3–§8): list, create, update,
// delete with the spec's messages, the ContractID guard (also on change and under a race), stale
// edits (409), permission refusals (403), and contractByNumber for the public forms.
import { describe, expect, it } from 'vitest';
import { CONTRACT_MESSAGES, type ContractCreateIn } from '#shared/contracts.ts';
import type { ContractDto } from '#shared/api/contracts.ts';
import { STALE_EDIT_MESSAGE } from '#shared/api/revision.ts';
import { useApiHarness } from '../support/api-harness.ts';

const api = useApiHarness();
const { stableId } = await import('../../functions/core/seed/ids.ts');
const { contractByNumber } = await import('#core/catalogue/contract-maps.ts');
const { ContractMap } = await import('#entities/contract-map.ts');
const { UniqueValue } = await import('#entities/unique-value.ts');

const admin = () => api.sessionFor('admin');
const campaign = (code: string) => stableId('campaign', code);
const newMap = (over: Partial<ContractCreateIn> = {}): ContractCreateIn => ({
  ContractName: 'Supplemental Desk',
  ContractID: 'SUP-5000',
  CampaignID: campaign('SUP'),
  F9List: 'F9-5001',
  ...over,
});
const forUpdate = (c: ContractDto) => ({ ContractKey: c.ContractKey, Revision: c.Revision, ContractName: c.ContractName, ContractID: c.ContractID, CampaignID: c.CampaignID, F9List: c.F9List });

async function list(): Promise<ContractDto[]> {
  const answer = await api.call('contracts.list', { session: await admin() });
  expect(answer.status).toBe(200);
  return answer.body;
}

describe('contract map', () => {
  it('lists the seeded maps with their campaign names', async () => {
    const maps = await list();
    expect(maps.length).toBeGreaterThanOrEqual(4);
    expect(maps.find((m) => m.ContractID === 'MCE-1001')).toMatchObject({ ContractName: 'Medicare Call Center East', CampaignName: 'Medicare Inbound', F9List: 'F9-2201', Revision: 1 });
  });

  it('adds a map with who and when, and guards its ContractID', async () => {
    const answer = await api.call('contracts.create', { session: await admin(), body: newMap() });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ ContractName: 'Supplemental Desk', CampaignName: 'Supplemental Direct', Revision: 1, ModifiedBy: 'admin@leadportal.example.com' });
    expect(await UniqueValue.get({ kind: 'CONTRACT_ID', value: 'sup-5000' })).toMatchObject({ ownerId: answer.body.ContractKey });
  });

  it("refuses a ContractID another map has (any case) with 'Duplicate Campaign ID.'", async () => {
    const answer = await api.call('contracts.create', { session: await admin(), body: newMap({ ContractName: 'Copy', ContractID: 'mce-1001' }) });
    expect(answer.status).toBe(400);
    expect(answer.errors).toEqual([CONTRACT_MESSAGES.duplicateContractId]);
    expect((await list()).filter((m) => m.ContractName === 'Copy')).toHaveLength(0);
  });

  it('lets only one of two maps created at once with the same ContractID in', async () => {
    const s = await admin();
    const answers = await Promise.all([1, 2].map((n) => api.call('contracts.create', { session: s, body: newMap({ ContractName: `Race ${n}`, ContractID: 'RACE-1' }) })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400]);
    expect((await list()).filter((m) => m.ContractID === 'RACE-1')).toHaveLength(1);
  });

  it("refuses empty name, ID or campaign with 'Missing required fields.' and an unknown campaign", async () => {
    const s = await admin();
    for (const body of [newMap({ ContractName: ' ' }), newMap({ ContractID: '' }), newMap({ CampaignID: '' })]) {
      const answer = await api.call('contracts.create', { session: s, body });
      expect(answer.status).toBe(400);
      expect(answer.errors).toEqual([CONTRACT_MESSAGES.missingFields]);
    }
    const unknown = await api.call('contracts.create', { session: s, body: newMap({ ContractID: 'NEW-1', CampaignID: 'no-such-campaign' }) });
    expect(unknown.errors).toEqual([CONTRACT_MESSAGES.unknownCampaign]);
  });

  it('saves an edit that changes the ContractID, moving its guard in the same transaction', async () => {
    const s = await admin();
    const map = (await list()).find((m) => m.ContractID === 'HWI-2040')!;
    const saved = await api.call('contracts.update', { session: s, body: { ...forUpdate(map), ContractID: 'HWI-2041', F9List: 'F9-2042' } });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ ContractID: 'HWI-2041', F9List: 'F9-2042', Revision: 2 });
    expect(await UniqueValue.get({ kind: 'CONTRACT_ID', value: 'hwi-2040' })).toBeUndefined();
    expect(await UniqueValue.get({ kind: 'CONTRACT_ID', value: 'hwi-2041' })).toMatchObject({ ownerId: map.ContractKey });
    // The old ID is free again.
    const reuse = await api.call('contracts.create', { session: s, body: newMap({ ContractName: 'Reuse', ContractID: 'HWI-2040' }) });
    expect(reuse.status).toBe(201);
  });

  it('refuses a change to a taken ContractID and keeps the map and both guards as they were', async () => {
    const s = await admin();
    const map = (await list()).find((m) => m.ContractID === 'LQP-3300')!;
    const answer = await api.call('contracts.update', { session: s, body: { ...forUpdate(map), ContractID: 'EGD-4100' } });
    expect(answer.errors).toEqual([CONTRACT_MESSAGES.duplicateContractId]);
    expect(await ContractMap.get({ contractKey: map.ContractKey })).toMatchObject({ contractId: 'LQP-3300', revision: 1 });
    expect(await UniqueValue.get({ kind: 'CONTRACT_ID', value: 'lqp-3300' })).toMatchObject({ ownerId: map.ContractKey });
  });

  it('refuses a stale edit with 409', async () => {
    const s = await admin();
    const map = (await list()).find((m) => m.ContractID === 'EGD-4100')!;
    expect((await api.call('contracts.update', { session: s, body: { ...forUpdate(map), ContractName: 'First' } })).status).toBe(200);
    const stale = await api.call('contracts.update', { session: s, body: { ...forUpdate(map), ContractName: 'Second' } });
    expect(stale.status).toBe(409);
    expect(stale.errors).toEqual([STALE_EDIT_MESSAGE]);
  });

  it('deletes a map with its guard, so its ContractID can be used again', async () => {
    const s = await admin();
    const created = (await api.call('contracts.create', { session: s, body: newMap({ ContractName: 'Temp', ContractID: 'TMP-1' }) })).body;
    expect((await api.call('contracts.delete', { session: s, params: { contractKey: created.ContractKey } })).status).toBe(204);
    expect(await UniqueValue.get({ kind: 'CONTRACT_ID', value: 'tmp-1' })).toBeUndefined();
    expect((await api.call('contracts.delete', { session: s, params: { contractKey: created.ContractKey } })).status).toBe(404);
    expect((await api.call('contracts.create', { session: s, body: newMap({ ContractName: 'Temp again', ContractID: 'TMP-1' }) })).status).toBe(201);
  });

  it('lets support read but not change, and refuses the manager', async () => {
    const support = await api.sessionFor('support');
    expect((await api.call('contracts.list', { session: support })).status).toBe(200);
    expect((await api.call('contracts.create', { session: support, body: newMap({ ContractID: 'SUPPORT-1' }) })).status).toBe(403);
    const [map] = await list();
    expect((await api.call('contracts.update', { session: support, body: forUpdate(map!) })).status).toBe(403);
    expect((await api.call('contracts.delete', { session: support, params: { contractKey: map!.ContractKey } })).status).toBe(403);
    expect((await api.call('contracts.list', { session: await api.sessionFor('manager') })).status).toBe(403);
  });

  it('finds a map by its contract number with the line of business of its campaign', async () => {
    const found = await contractByNumber('mce-1001');
    expect(found).toMatchObject({ contract: { contractName: 'Medicare Call Center East' }, lineOfBusiness: 'Medicare' });
    expect(await contractByNumber('NOPE-1')).toBeUndefined();
  });
});
