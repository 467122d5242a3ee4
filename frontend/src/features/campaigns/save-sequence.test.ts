import { describe, expect, it } from 'vitest';
import { runCampaignSave, type SaveSteps } from './save-sequence.ts';

interface V {
  CampaignVendorId: string;
  name: string;
}

function recorder(fail?: string) {
  const calls: string[] = [];
  const step = async <T>(name: string, value: T): Promise<T> => {
    calls.push(name);
    if (name === fail) throw new Error(`refused ${name}`);
    return value;
  };
  const steps: SaveSteps<V> = {
    saveCampaign: (id) => step(id ? `PATCH campaign ${id}` : 'POST campaign', id ?? 'C-new'),
    deleteVendor: (id) => step(`DELETE vendor ${id}`, undefined),
    createVendor: (v, c) => step(`POST vendor ${v.name} of ${c}`, `CV-${v.name}`),
    updateVendor: (v, c) => step(`PATCH vendor ${v.CampaignVendorId} of ${c}`, v.CampaignVendorId),
    saveFunds: (v, id) => step(`PUT funds of ${id}`, undefined),
  };
  return { calls, steps };
}

describe('the campaign save sequence', () => {
  it('a new campaign is POSTed first, then each vendor is POSTed and its funds PUT with the id the vendor call answered', async () => {
    const { calls, steps } = recorder();
    const id = await runCampaignSave({ campaignId: undefined, removedVendorIds: [], vendors: [{ CampaignVendorId: '', name: 'a' }, { CampaignVendorId: '', name: 'b' }] }, steps);
    expect(id).toBe('C-new');
    expect(calls).toEqual(['POST campaign', 'POST vendor a of C-new', 'PUT funds of CV-a', 'POST vendor b of C-new', 'PUT funds of CV-b']);
  });

  it('an edit PATCHes the campaign, deletes removed vendors before saving the others, PATCHes existing vendors and POSTs new ones', async () => {
    const { calls, steps } = recorder();
    await runCampaignSave(
      { campaignId: 'C1', removedVendorIds: ['CV-old'], vendors: [{ CampaignVendorId: 'CV-1', name: 'kept' }, { CampaignVendorId: '', name: 'n' }] },
      steps,
    );
    expect(calls).toEqual(['PATCH campaign C1', 'DELETE vendor CV-old', 'PATCH vendor CV-1 of C1', 'PUT funds of CV-1', 'POST vendor n of C1', 'PUT funds of CV-n']);
  });

  it('stops at the first refused call, after reporting the steps that succeeded so a second Save does not create them again', async () => {
    const { calls, steps } = recorder('PUT funds of CV-a');
    const done: string[] = [];
    const progress = {
      campaignSaved: (id: string) => done.push(`campaign ${id}`),
      vendorDeleted: (id: string) => done.push(`deleted ${id}`),
      vendorSaved: (i: number, id: string) => done.push(`vendor ${i} ${id}`),
    };
    await expect(
      runCampaignSave({ campaignId: undefined, removedVendorIds: [], vendors: [{ CampaignVendorId: '', name: 'a' }, { CampaignVendorId: '', name: 'b' }] }, steps, progress),
    ).rejects.toThrow('refused PUT funds of CV-a');
    expect(calls).toEqual(['POST campaign', 'POST vendor a of C-new', 'PUT funds of CV-a']);
    expect(done).toEqual(['campaign C-new', 'vendor 0 CV-a']);
  });

  it('a failed campaign call saves no vendor', async () => {
    const { calls, steps } = recorder('POST campaign');
    await expect(runCampaignSave({ campaignId: '', removedVendorIds: ['x'], vendors: [{ CampaignVendorId: '', name: 'a' }] }, steps)).rejects.toThrow();
    expect(calls).toEqual(['POST campaign']);
  });
});
