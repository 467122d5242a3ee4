// The order draft both wizards hold: each step's check against its shared step module (the spec's
// words), and the save bodies of the two flows as the contract parses them.
import { describe, expect, it } from 'vitest';
import type { OrderDto } from '#shared/api/orders.ts';
import { campaignOrderBodySchema, fundOrderBodySchema } from '#shared/orders/payload.ts';
import { DISTRIBUTION_MESSAGES } from '#shared/orders/step-distribution.ts';
import { FREQUENCY_MESSAGES } from '#shared/orders/step-frequency.ts';
import { FUND_STEP_MESSAGES } from '#shared/orders/step-funds.ts';
import { NAME_MESSAGES } from '#shared/orders/step-name.ts';
import { REGION_MESSAGES } from '#shared/orders/step-regions.ts';
import { SCHEDULE_MESSAGES } from '#shared/orders/step-schedule.ts';
import { campaignOrderBody, checkStep, draftFromOrder, fundOrderBody, newDraft, wrappedDate, type OrderDraft, type StepContext } from './order-draft.ts';

const OWNER = { AgentId: 'A000001', FirstName: 'Sofia', LastName: 'Sponsor' };
const fundCtx: StepContext = {
  flow: 'fund',
  ownerId: OWNER.AgentId,
  agents: [
    { AgentId: 'A000002', Status: 1 },
    { AgentId: 'A000009', Status: 0 },
  ],
  liveTransfer: false,
  funds: [
    { FundId: 'F-1', IsActive: true, StartDate: '2026-01-01', EndDate: '2027-01-01' },
    { FundId: 'F-OFF', IsActive: false },
  ],
  today: '2026-11-25',
};
const campaignCtx: StepContext = { ...fundCtx, flow: 'campaign' };

const draft = (change: Partial<OrderDraft> = {}): OrderDraft => ({
  ...newDraft(OWNER),
  Description: 'Chicago health',
  SelectedFunds: ['F-1'],
  Campaigns: [{ CampaignId: 'C-1', VendorIds: ['V-1'] }],
  ZipCodes: [{ Key: 'Zip Codes', ZipCodes: [{ ZipCode: '60601' }] }],
  MaxPerDay: '10',
  ...change,
});

describe('the step checks', () => {
  it('a missing name is "Missing required fields." in the fund snackbar and "Order name is required." on the field', () => {
    expect(checkStep('name', draft({ Description: '  ' }), fundCtx)).toEqual({
      messages: [NAME_MESSAGES.missingFields],
      fieldErrors: { Description: NAME_MESSAGES.required },
    });
    expect(checkStep('name', draft({ Description: '' }), campaignCtx).messages).toEqual([NAME_MESSAGES.required]);
  });

  it('funds need one, and every chosen fund must receive leads', () => {
    expect(checkStep('funds', draft({ SelectedFunds: [] }), fundCtx).messages).toEqual([FUND_STEP_MESSAGES.required]);
    expect(checkStep('funds', draft({ SelectedFunds: ['F-1', 'F-OFF'] }), fundCtx).messages).toEqual([FUND_STEP_MESSAGES.inactive]);
    expect(checkStep('funds', draft(), fundCtx).messages).toEqual([]);
  });

  it('the campaign flow needs a lead type, and a vendor for each', () => {
    expect(checkStep('campaigns', draft({ Campaigns: [] }), campaignCtx).messages).toEqual([FUND_STEP_MESSAGES.leadTypeRequired]);
    expect(checkStep('vendors', draft({ Campaigns: [{ CampaignId: 'C-1', VendorIds: [] }] }), campaignCtx).messages).toEqual([FUND_STEP_MESSAGES.vendorRequired]);
  });

  it('regions speak per flow and mode', () => {
    expect(checkStep('regions', draft({ ZipCodes: [] }), fundCtx).messages).toEqual([REGION_MESSAGES.fundRequired]);
    expect(checkStep('regions', draft({ StatesOnly: true }), campaignCtx).messages).toEqual([REGION_MESSAGES.campaignStateRequired]);
    expect(checkStep('regions', draft({ ZipCodes: [] }), campaignCtx).messages).toEqual([REGION_MESSAGES.campaignZipRequired]);
    expect(checkStep('regions', draft({ StatesOnly: true, States: [{ StateAbbreviation: 'IL', StateName: 'Illinois' }] }), fundCtx).messages).toEqual([]);
  });

  it('blank caps are no cap; a later period below an earlier one names its field', () => {
    expect(checkStep('frequency', draft({ MaxPerDay: '' }), fundCtx).fieldErrors).toEqual({ MaxPerHour: FREQUENCY_MESSAGES.fundRequired });
    expect(checkStep('frequency', draft({ MaxPerDay: '0' }), campaignCtx).messages).toEqual([FREQUENCY_MESSAGES.campaignRequired]);
    const result = checkStep('frequency', draft({ MaxPerHour: '9', MaxPerDay: '5' }), fundCtx);
    expect(result.fieldErrors).toEqual({ MaxPerDay: FREQUENCY_MESSAGES.fundOrder('daily', 5) });
    expect(checkStep('frequency', draft({ MaxPerHour: '9', MaxPerDay: '5' }), campaignCtx).messages).toEqual([FREQUENCY_MESSAGES.campaignOrder('daily', 5, 'hourly', 9)]);
  });

  it('invalid fund caps are "Frequencies are invalid." in the snackbar and each detailed message on its field', () => {
    expect(checkStep('frequency', draft({ MaxPerDay: '' }), fundCtx)).toEqual({
      messages: [FREQUENCY_MESSAGES.summary],
      fieldErrors: { MaxPerHour: FREQUENCY_MESSAGES.fundRequired },
    });
    expect(checkStep('frequency', draft({ MaxPerHour: '9', MaxPerDay: '5', MaxPerWeek: '4' }), fundCtx)).toEqual({
      messages: [FREQUENCY_MESSAGES.summary],
      fieldErrors: { MaxPerDay: FREQUENCY_MESSAGES.fundOrder('daily', 5), MaxPerWeek: FREQUENCY_MESSAGES.fundOrder('weekly', 4) },
    });
    expect(checkStep('frequency', draft({ MaxPerHour: '9', MaxPerDay: '50' }), fundCtx).messages).toEqual([]);
  });

  it('distribution: whole percentages to 100, no terminated or unknown agent, the owner alone with live transfer', () => {
    const recipients = (...r: [string, string][]) => r.map(([AgentId, Percentage]) => ({ AgentId, FirstName: '', LastName: '', Percentage }));
    expect(checkStep('distribution', draft(), fundCtx).messages).toEqual([]);
    expect(checkStep('distribution', draft({ OrderRecipients: recipients([OWNER.AgentId, '60']) }), fundCtx).messages).toEqual([DISTRIBUTION_MESSAGES.fundTotal]);
    expect(checkStep('distribution', draft({ OrderRecipients: recipients([OWNER.AgentId, '60']) }), campaignCtx).messages).toEqual([DISTRIBUTION_MESSAGES.campaignTotal(60)]);
    expect(checkStep('distribution', draft({ OrderRecipients: recipients([OWNER.AgentId, '150']) }), fundCtx)).toEqual({
      messages: [DISTRIBUTION_MESSAGES.wholeNumber],
      fieldErrors: { 'OrderRecipients.0.Percentage': DISTRIBUTION_MESSAGES.wholeNumber },
    });
    expect(checkStep('distribution', draft({ OrderRecipients: recipients([OWNER.AgentId, '50'], ['A000009', '50']) }), fundCtx).messages).toEqual([DISTRIBUTION_MESSAGES.fundTerminated]);
    expect(checkStep('distribution', draft({ OrderRecipients: recipients([OWNER.AgentId, '50'], ['A999999', '50']) }), campaignCtx).messages).toEqual([DISTRIBUTION_MESSAGES.campaignReassigned]);
    expect(checkStep('distribution', draft({ OrderRecipients: recipients([OWNER.AgentId, '50'], ['A000002', '50']) }), { ...fundCtx, liveTransfer: true }).messages).toEqual([
      DISTRIBUTION_MESSAGES.fundLiveTransfer,
    ]);
  });

  it('schedule: a slot, a day and an end after its start', () => {
    const slot = (StartSlot: number | null, EndSlot: number | null, Days: OrderDraft['OrderTimeSlots'][number]['Days']) => ({ key: 'k', StartSlot, EndSlot, Days });
    expect(checkStep('schedule', draft({ OrderTimeSlots: [] }), fundCtx).messages).toEqual([SCHEDULE_MESSAGES.fundSlotRequired]);
    expect(checkStep('schedule', draft({ OrderTimeSlots: [slot(10, 8, [])] }), fundCtx).messages).toEqual([SCHEDULE_MESSAGES.fundInvalidTimes, SCHEDULE_MESSAGES.fundTimeRequired]);
    expect(checkStep('schedule', draft({ OrderTimeSlots: [slot(null, null, ['Monday'])] }), campaignCtx).messages).toEqual([
      SCHEDULE_MESSAGES.campaignStartRequired,
      SCHEDULE_MESSAGES.campaignEndRequired,
    ]);
  });
});

describe('the save bodies', () => {
  it('the fund body parses with the contract: caps normalised to 1000, zero shares left out, only the chosen mode’s regions', () => {
    const body = fundOrderBody(
      draft({
        MaxPerMonth: '2500',
        States: [{ StateAbbreviation: 'IL', StateName: 'Illinois' }],
        OrderRecipients: [
          { ...OWNER, Percentage: '100' },
          { AgentId: 'A000002', FirstName: 'Carlos', LastName: 'Captive', Percentage: '0' },
        ],
      }),
      'order-1',
      3,
    );
    expect(body).toMatchObject({ OrderId: 'order-1', MaxPerDay: 10, MaxPerMonth: 1000, States: [], StatesOnly: false, Revision: 3, OrderRecipients: [{ AgentId: OWNER.AgentId, Percentage: 100 }] });
    expect(fundOrderBodySchema.safeParse(body).success).toBe(true);
  });

  it('the campaign body has per-day booleans, Max* only when non-zero and wrapped-millisecond dates', () => {
    const now = new Date(Date.UTC(2026, 10, 25));
    const body = campaignOrderBody(draft({ OrderTimeSlots: [{ key: 'k', StartSlot: 16, EndSlot: 36, Days: ['Monday', 'Friday'] }] }), { orderId: 'order-2', now });
    expect(body).not.toHaveProperty('MaxPerHour');
    expect(body).toMatchObject({ MaxPerDay: 10, Created: wrappedDate(now), LastUpdated: `/Date(${now.getTime()})/` });
    expect(body.OrderTimeSlots[0]).toEqual({ StartSlot: 16, EndSlot: 36, Monday: true, Tuesday: false, Wednesday: false, Thursday: false, Friday: true, Saturday: false, Sunday: false });
    expect(campaignOrderBodySchema.safeParse(body).success).toBe(true);
  });

  it('an order with states opens in states-only mode, every step prefilled', () => {
    const order = {
      OrderId: 'O-1',
      Description: 'Texas',
      SelectedFunds: ['F-1'],
      Campaigns: [],
      States: [{ StateAbbreviation: 'TX', StateName: 'Texas' }],
      ZipCodes: [],
      MaxPerHour: 0,
      MaxPerDay: 10,
      MaxPerWeek: 0,
      MaxPerMonth: 0,
      OrderRecipients: [{ AgentId: OWNER.AgentId, FirstName: 'Sofia', LastName: 'Sponsor', Percentage: 100, Count: 0, Terminated: false }],
      OrderTimeSlots: [{ OrderTimeSlotId: 'S-1', StartSlot: 16, EndSlot: 36, Days: ['Monday'] }],
    } as unknown as OrderDto;
    expect(draftFromOrder(order)).toMatchObject({
      Description: 'Texas',
      StatesOnly: true,
      MaxPerHour: '',
      MaxPerDay: '10',
      OrderRecipients: [{ AgentId: OWNER.AgentId, Percentage: '100' }],
      OrderTimeSlots: [{ StartSlot: 16, EndSlot: 36, Days: ['Monday'] }],
    });
  });
});
