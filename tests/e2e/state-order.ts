// A demo agent's own fund order in one whole state, every half hour of every day, on the seeded fund
// HLTH-EX (it holds the campaign HWL from the vendor ACME): browser tests that sell a lead to an agent
// give them an order in a state no seeded order buys in.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { DAYS } from '#shared/orders/order.ts';

/** Saves the order through the page's session (the agent's own call); answers its id. */
export async function saveStateOrder(p: Page, o: { url: string; agentId: string; orderId: string; description: string; state: string }): Promise<string> {
  const funds = (await (await p.request.get(`${o.url}/api/fund`)).json()) as { FundId: string; Code: string }[];
  const fund = funds.find((f) => f.Code === 'HLTH-EX');
  if (!fund) throw new Error('The seeded fund HLTH-EX is missing');
  const saved = await p.request.post(`${o.url}/api/agent/${o.agentId}/fundOrders`, {
    headers: { origin: o.url },
    data: {
      OrderId: o.orderId, Description: o.description, SelectedFunds: [fund.FundId], StatesOnly: true, States: [{ StateAbbreviation: o.state }], ZipCodes: [],
      MaxPerHour: 0, MaxPerDay: 0, MaxPerWeek: 0, MaxPerMonth: 1000, OrderRecipients: [{ AgentId: o.agentId, Percentage: 100 }],
      OrderTimeSlots: [{ StartSlot: 0, EndSlot: 48, Days: [...DAYS] }],
    },
  });
  expect(saved.status(), await saved.text()).toBeLessThan(300);
  return ((await saved.json()) as { OrderId: string }).OrderId;
}
