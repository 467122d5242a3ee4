// Orders as the contract answers them, for the list's tests.
import type { OrderSummaryDto } from '#shared/api/orders.ts';

export function orderSummary(overrides: Partial<OrderSummaryDto> = {}): OrderSummaryDto {
  return {
    OrderId: 'o-1',
    UserFacingOrderId: 1001,
    AgentId: 'A000002',
    Created: '2026-03-05T18:04:09.000Z',
    LastUpdated: '2026-03-06T10:00:00.000Z',
    ModifiedBy: 'captive@leadportal.example.com',
    Description: 'Texas health',
    Status: 1,
    Priority: 1,
    IsFundOrder: true,
    StatesOnly: true,
    MaxPerHour: 0,
    MaxPerDay: 10,
    MaxPerWeek: 40,
    MaxPerMonth: 0,
    UsedPerHour: 0,
    UsedPerDay: 3,
    UsedPerWeek: 13,
    UsedPerMonth: 20,
    SelectedFunds: ['f-1'],
    Funds: [{ FundId: 'f-1', Name: 'Health Exclusive' }],
    Campaigns: [],
    OrderRecipients: [
      { AgentId: 'A000002', FirstName: 'Carlos', LastName: 'Captive', Percentage: 60, Count: 12, Terminated: false },
      { AgentId: 'A000009', FirstName: 'Tina', LastName: 'Termed', Percentage: 40, Count: 8, Terminated: true },
    ],
    OrderTimeSlots: [{ OrderTimeSlotId: 's-1', StartSlot: 18, EndSlot: 48, Days: ['Monday', 'Tuesday'] }],
    StateCount: 2,
    ZipCodeCount: 0,
    AttentionReasons: [],
    Revision: 1,
    ...overrides,
  };
}
