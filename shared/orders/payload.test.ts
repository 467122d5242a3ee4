import { describe, expect, it } from 'vitest';
import { campaignOrderBodySchema, fundOrderBodySchema } from './payload.ts';

const fund = {
  OrderId: 'O-1',
  Description: 'Name',
  SelectedFunds: ['f1'],
  StatesOnly: true,
  States: [{ StateAbbreviation: 'IL' }],
  ZipCodes: [],
  MaxPerHour: 0,
  MaxPerDay: 5,
  MaxPerWeek: 0,
  MaxPerMonth: 0,
  OrderRecipients: [{ AgentId: 'A1', Percentage: 100 }],
  OrderTimeSlots: [{ StartSlot: 0, EndSlot: 48, Days: ['Monday'] }],
};
const messages = (schema: typeof fundOrderBodySchema | typeof campaignOrderBodySchema, value: unknown) => {
  const parsed = schema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
};

describe('fund order body', () => {
  it('accepts a complete order', () => {
    expect(messages(fundOrderBodySchema, fund)).toEqual([]);
  });

  it('runs every step rule with its fund-flow message', () => {
    expect(messages(fundOrderBodySchema, { ...fund, States: [], MaxPerDay: 0, OrderRecipients: [{ AgentId: 'A1', Percentage: 50 }], OrderTimeSlots: [] })).toEqual([
      'At least one zip/state is required.',
      'At least one frequency is required.',
      'Distribution needs to add to 100%.',
      'At least one time slot is required.',
    ]);
  });
});

describe('campaign order body (2§7)', () => {
  const campaign = {
    OrderId: 'O-2',
    Description: 'Name',
    Campaigns: [{ CampaignId: 'c1', VendorIds: ['v1'] }],
    States: [{ StateAbbreviation: 'IL' }],
    MaxPerDay: 3,
    OrderRecipients: [{ AgentId: 'A1', Percentage: 100 }],
    OrderTimeSlots: [{ StartSlot: 0, EndSlot: 48, Monday: true, Tuesday: false, Wednesday: false, Thursday: false, Friday: false, Saturday: false, Sunday: false }],
    Created: '/Date(1714557600000)/',
  };

  it('takes Max* only when non-zero and infers states-only mode from the states sent', () => {
    const parsed = campaignOrderBodySchema.parse(campaign);
    expect(parsed).toMatchObject({ MaxPerHour: 0, MaxPerDay: 3, StatesOnly: true, ZipCodes: [] });
  });

  it('runs the campaign flow texts: vendors, total, schedule', () => {
    expect(
      messages(campaignOrderBodySchema, {
        ...campaign,
        Campaigns: [{ CampaignId: 'c1', VendorIds: [] }],
        OrderRecipients: [{ AgentId: 'A1', Percentage: 40 }],
        OrderTimeSlots: [],
      }),
    ).toEqual(['At least one vendor must be selected.', 'Total percentage must be 100% (Current total: 40%)', 'There must be at least one schedule.']);
  });
});
