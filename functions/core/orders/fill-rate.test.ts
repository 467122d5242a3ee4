// The fill-rate preview's pure model: which leads a draft takes (source, place, schedule in the
// owner's zone), which competitors could take them, each lead's share, and the caps.
import { describe, expect, it } from 'vitest';
import { competitorTakes, draftTakes, estimateWeekly, fundsOfLead, leadShare, previewDraftOf, weeklyCap, type PreviewDraft } from './fill-rate.ts';

const pairFunds = new Map([
  ['C1#V1', new Set(['F1'])],
  ['C1#V2', new Set(['F2'])],
  ['C2#V1', new Set(['F1', 'F3'])],
]);
const noCaps = { maxPerHour: 0, maxPerDay: 0, maxPerWeek: 0, maxPerMonth: 0 };
const draft = (over: Partial<PreviewDraft> = {}): PreviewDraft => ({
  fundIds: ['F1'],
  campaigns: [],
  statesOnly: true,
  states: ['IL'],
  zips: new Set(),
  slots: [],
  caps: noCaps,
  zone: 'America/Chicago',
  ...over,
});
// Tuesday 2026-03-03 10:15 Central.
const lead = (over: Record<string, string | undefined> = {}) => ({ at: '2026-03-03T16:15:00.000Z', campaignId: 'C1', vendorId: 'V1', stateCode: 'IL', zipCode: '60601', ...over });

describe('draftTakes', () => {
  it('takes a lead whose pair feeds one of its funds, in its states', () => {
    expect(draftTakes(draft(), lead(), pairFunds)).toBe(true);
    expect(draftTakes(draft(), lead({ vendorId: 'V2' }), pairFunds)).toBe(false);
    expect(draftTakes(draft(), lead({ stateCode: 'WI' }), pairFunds)).toBe(false);
  });

  it('takes a form lead (no vendor) when any pair of its campaign feeds one of its funds', () => {
    expect(fundsOfLead(lead({ vendorId: undefined }), pairFunds)).toEqual(new Set(['F1', 'F2']));
    expect(draftTakes(draft({ fundIds: ['F2'] }), lead({ vendorId: undefined }), pairFunds)).toBe(true);
  });

  it('in zip mode takes only its zips, and in the campaign flow only its campaigns and vendors', () => {
    expect(draftTakes(draft({ statesOnly: false, zips: new Set(['60602']) }), lead(), pairFunds)).toBe(false);
    const campaignDraft = draft({ fundIds: [], campaigns: [{ campaignId: 'C1', vendorIds: ['V2'] }] });
    expect(draftTakes(campaignDraft, lead({ vendorId: 'V2' }), pairFunds)).toBe(true);
    expect(draftTakes(campaignDraft, lead(), pairFunds)).toBe(false);
  });

  it("judges the schedule in the owner's time zone", () => {
    const slots = [{ startSlot: 20, endSlot: 22, days: ['Tuesday' as const] }];
    expect(draftTakes(draft({ slots }), lead(), pairFunds)).toBe(true);
    expect(draftTakes(draft({ slots, zone: 'Pacific/Honolulu' }), lead(), pairFunds)).toBe(false);
  });
});

describe('competitorTakes', () => {
  const target = { orderId: 'O2', state: 'IL', zips: [] as string[], fundIds: ['F1'], campaignVendors: [] as string[] };
  it('counts an active order of the same state with a fund or pair of the lead and a schedule covering it', () => {
    const funds = fundsOfLead(lead(), pairFunds);
    expect(competitorTakes({ target, slots: [], zone: 'America/Chicago' }, lead(), funds)).toBe(true);
    expect(competitorTakes({ target: { ...target, zips: ['60602'] }, slots: [], zone: 'America/Chicago' }, lead(), funds)).toBe(false);
    expect(competitorTakes({ target: { ...target, fundIds: [], campaignVendors: ['C1#V1'] }, slots: [], zone: 'America/Chicago' }, lead(), funds)).toBe(true);
    expect(competitorTakes({ target: { ...target, fundIds: ['F3'] }, slots: [], zone: 'America/Chicago' }, lead(), funds)).toBe(false);
    expect(competitorTakes({ target, slots: [{ startSlot: 0, endSlot: 2, days: ['Tuesday'] }], zone: 'America/Chicago' }, lead(), funds)).toBe(false);
  });
});

describe('the estimate', () => {
  it('shares an exclusive lead 1 ÷ (1 + k) and a shared one 3 ÷ (1 + k), at most 1', () => {
    expect(leadShare(0, false)).toBe(1);
    expect(leadShare(3, false)).toBe(0.25);
    expect(leadShare(1, true)).toBe(1);
    expect(leadShare(5, true)).toBe(0.5);
  });

  it('holds the weekly figure to the weekly, daily × 7 and monthly × 7 ÷ 30 caps', () => {
    expect(weeklyCap(noCaps)).toBe(Infinity);
    expect(weeklyCap({ ...noCaps, maxPerDay: 2, maxPerWeek: 20 })).toBe(14);
    expect(weeklyCap({ ...noCaps, maxPerMonth: 30 })).toBe(7);
  });

  it('sums the shares over 4 weeks and counts each competing order once', () => {
    const m = (competitors: string[]) => ({ lead: lead(), weight: 1, shared: false, competitors });
    const e = estimateWeekly([m([]), m([]), m(['O2']), m(['O2', 'O3'])], noCaps);
    expect(e).toMatchObject({ matching: 4, competing: 2 });
    expect(e.uncapped).toBeCloseTo((1 + 1 + 0.5 + 1 / 3) / 4);
    expect(estimateWeekly(Array.from({ length: 40 }, () => m([])), { ...noCaps, maxPerWeek: 3 }).perWeek).toBe(3);
  });
});

describe('previewDraftOf', () => {
  it('reads both flows into one shape, slots without a time covering nothing', () => {
    const base = { StatesOnly: false, States: [], ZipCodes: [{ Key: 'Zip Codes', ZipCodes: [{ ZipCode: '60601' }] }], MaxPerHour: 0, MaxPerDay: 5, MaxPerWeek: 0, MaxPerMonth: 0 };
    const fund = previewDraftOf({ Flow: 'fund', SelectedFunds: ['F1'], OrderTimeSlots: [{ StartSlot: 0, EndSlot: 48, Days: ['Monday'] }, { StartSlot: null, EndSlot: 4, Days: ['Monday'] }], ...base }, 'America/Chicago');
    expect(fund).toMatchObject({ fundIds: ['F1'], slots: [{ startSlot: 0, endSlot: 48, days: ['Monday'] }], caps: { maxPerDay: 5 } });
    expect([...fund.zips]).toEqual(['60601']);
    const flags = { Monday: false, Tuesday: true, Wednesday: false, Thursday: false, Friday: false, Saturday: false, Sunday: true };
    const campaign = previewDraftOf({ Flow: 'campaign', Campaigns: [{ CampaignId: 'C1', VendorIds: ['V1'] }], OrderTimeSlots: [{ StartSlot: 2, EndSlot: 4, ...flags }], ...base }, 'America/Chicago');
    expect(campaign).toMatchObject({ fundIds: [], campaigns: [{ campaignId: 'C1', vendorIds: ['V1'] }], slots: [{ startSlot: 2, endSlot: 4, days: ['Tuesday', 'Sunday'] }] });
  });
});
