// New Vendor's calls: the vendor first, then its campaigns with the id it was given; a save that
// failed half way is finished without creating the vendor twice.
import { describe, expect, it } from 'vitest';
import { newVendorValues, type VendorFormValues } from './vendor-form-model.ts';
import { runVendorCreate, type CreateSteps } from './vendor-save-sequence.ts';

function recorder(failOn?: string) {
  const calls: string[] = [];
  const steps: CreateSteps = {
    createVendor: async (body) => {
      calls.push(`POST vendor ${body.Code}`);
      return 'V-new';
    },
    assignCampaign: async (body) => {
      calls.push(`POST campaignVendors ${body.CampaignId} for ${body.VendorId} at ${body.VendorPrice}`);
      if (body.CampaignId === failOn) throw new Error('refused');
    },
  };
  const progress = { created: [] as string[], assigned: [] as string[] };
  return { calls, steps, progress, report: { vendorCreated: (id: string) => progress.created.push(id), campaignAssigned: (key: string) => progress.assigned.push(key) } };
}

const values = (): VendorFormValues => ({
  ...newVendorValues(),
  Code: 'NEWCO',
  Campaigns: [
    { key: 'a', CampaignId: 'C-1', VendorPrice: 10 },
    { key: 'b', CampaignId: 'C-2', VendorPrice: 12.5 },
  ],
});

describe('the New Vendor save sequence', () => {
  it('POSTs the vendor, then each picked campaign with the new VendorId', async () => {
    const r = recorder();
    expect(await runVendorCreate(values(), null, r.steps, r.report)).toBe('V-new');
    expect(r.calls).toEqual(['POST vendor NEWCO', 'POST campaignVendors C-1 for V-new at 10', 'POST campaignVendors C-2 for V-new at 12.5']);
    expect(r.progress).toEqual({ created: ['V-new'], assigned: ['a', 'b'] });
  });

  it('stops at a refused campaign, having reported the vendor and the campaigns before it', async () => {
    const r = recorder('C-2');
    await expect(runVendorCreate(values(), null, r.steps, r.report)).rejects.toThrow('refused');
    expect(r.progress).toEqual({ created: ['V-new'], assigned: ['a'] });
  });

  it('a second save after a half-finished one sends only the campaigns left, for the vendor already created', async () => {
    const r = recorder();
    const left = { ...values(), Campaigns: values().Campaigns.slice(1) };
    await runVendorCreate(left, 'V-old', r.steps, r.report);
    expect(r.calls).toEqual(['POST campaignVendors C-2 for V-old at 12.5']);
    expect(r.progress.created).toEqual([]);
  });
});
