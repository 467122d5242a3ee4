// The Lead entity's sparse indexes: an item is in an index only while its `when` holds, and a patch
// that makes it stop holding takes the item out (REMOVE of the index keys) instead of rewriting them.
import { describe, expect, it } from 'vitest';
import { Lead, LEAD_MONTH_SHARDS, leadShardOf, type Lead as LeadItem } from './lead.ts';

const lead: LeadItem = {
  leadId: 'L1', userFacingLeadId: 100_001, at: '2026-03-04T15:00:00.000Z', source: 'vendor', sourceId: 'VL-1', campaignId: 'C1', campaignName: 'Health', vendorId: 'V1', vendorName: 'Acme',
  firstName: 'Pat', lastName: 'Lead', primaryPhone: '3125550142', stateCode: 'IL', zipCode: '60601',
  consent: { text: 'I agree.', at: '2026-03-04T15:00:00.000Z', ip: '203.0.113.5', pageUrl: 'https://example.com' },
  leadStatus: 'Sold', reasons: [], saleCount: 1, maxSales: 1, trace: [], allowDisputes: true,
};

describe('Lead indexes', () => {
  it("files a lead under its phone (gsi7), and a lead with an emptied phone under no phone at all", () => {
    expect(Lead.keys(lead)).toMatchObject({ gsi7pk: 'LEAD_PHONE#3125550142', gsi7sk: '2026-03-04T15:00:00.000Z#L1' });
    const anonymised = Lead.keys({ ...lead, primaryPhone: '' });
    expect(anonymised).not.toHaveProperty('gsi7pk');
    expect(anonymised).not.toHaveProperty('gsi7sk');
    // The month indexes keep the anonymised lead: All Leads still counts it.
    const shard = leadShardOf('L1');
    expect(anonymised).toMatchObject({ gsi3pk: `LEADS_MONTH#2026-03#${shard}`, gsi5pk: `C_LEADS#C1#2026-03#${shard}` });
  });

  it('spreads the month indexes over their shards by lead id', () => {
    const shards = new Set(Array.from({ length: 200 }, (_, i) => leadShardOf(`lead-${i}`)));
    expect([...shards].sort()).toEqual(Array.from({ length: LEAD_MONTH_SHARDS }, (_, i) => i));
    const keys = Lead.keys(lead) as unknown as Record<string, string>;
    for (const pk of [keys.gsi3pk, keys.gsi4pk, keys.gsi5pk, keys.gsi6pk]) expect(pk).toMatch(new RegExp(`#2026-03#${leadShardOf('L1')}$`));
    // The lead by its number: its own partition of gsi8.
    expect(keys).toMatchObject({ gsi8pk: 'LEAD_NUMBER#100001', gsi8sk: 'LEAD' });
  });

  it("leaves a form lead (no vendor) out of the vendor indexes", () => {
    const { vendorId: _v, vendorName: _n, ...form } = lead;
    const keys = Lead.keys({ ...form, source: 'publicForm' });
    expect(keys).not.toHaveProperty('gsi4pk');
    expect(keys).not.toHaveProperty('gsi6pk');
    expect(keys).toHaveProperty('gsi7pk');
  });

  it('removes the phone index keys when a patch empties the phone, and rewrites them when it changes it', () => {
    const emptied = Lead.patchTx({ leadId: 'L1' }, { set: { primaryPhone: '' } }, { current: lead });
    expect(emptied.kind).toBe('update');
    const { update } = emptied as Extract<typeof emptied, { kind: 'update' }>;
    const removed = /REMOVE (.*?)(?: ADD|$)/.exec(update.expression)?.[1]?.split(', ').map((ph) => update.names?.[ph]);
    expect(removed?.sort()).toEqual(['gsi7pk', 'gsi7sk']);
    expect(Object.values(update.values ?? {})).not.toContain('LEAD_PHONE#');

    const changed = Lead.patchTx({ leadId: 'L1' }, { set: { primaryPhone: '7735550100' } }, { current: lead }) as Extract<ReturnType<typeof Lead.patchTx>, { kind: 'update' }>;
    expect(changed.update.expression).not.toContain('REMOVE');
    expect(Object.values(changed.update.values ?? {})).toContain('LEAD_PHONE#7735550100');
  });
});
