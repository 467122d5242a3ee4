import { describe, expect, it } from 'vitest';
import { disputableStatus, fundsForViewer, fundVisibleToAgent, priceForType, type FundVisibilityInput } from './funds.ts';

/** The company's day (Central) the visibility is judged on. */
const NOW = '2026-11-21';
const fund = (f: Partial<FundVisibilityInput>): FundVisibilityInput => ({
  code: 'F1',
  name: 'Fund',
  isActive: true,
  startDate: '2026-01-01T00:00:00.000Z',
  endDate: '2027-01-01T00:00:00.000Z',
  channel: 6,
  specifiedAgentIds: [],
  ...f,
});
const captive = { agentId: 'A1', type: 0 as const };
const broker = { agentId: 'A2', type: 1 as const };
const family = { agentId: 'A3', type: 2 as const };

describe('fund visibility', () => {
  it('hides inactive funds and funds outside their dates', () => {
    expect(fundVisibleToAgent(fund({ isActive: false }), captive, NOW)).toBe(false);
    expect(fundVisibleToAgent(fund({ startDate: '2026-12-01T00:00:00.000Z' }), captive, NOW)).toBe(false);
    expect(fundVisibleToAgent(fund({ endDate: '2026-11-01T00:00:00.000Z' }), captive, NOW)).toBe(false);
  });

  it('counts the dates as whole days: seen on the start day and through the end day', () => {
    const days = { startDate: '2026-11-21T00:00:00.000Z', endDate: '2026-11-23T00:00:00.000Z' };
    expect(['2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24'].map((today) => fundVisibleToAgent(fund(days), captive, today))).toEqual([false, true, true, true, false]);
  });

  it('matches each channel to the agent types it serves', () => {
    const sees = (channel: number) => [captive, broker, family].map((a) => fundVisibleToAgent(fund({ channel }), a, NOW));
    expect(sees(0)).toEqual([false, true, false]);
    expect(sees(1)).toEqual([true, false, false]);
    expect(sees(2)).toEqual([true, true, false]);
    expect(sees(3)).toEqual([false, false, true]);
    expect(sees(4)).toEqual([true, false, true]);
    expect(sees(5)).toEqual([false, true, true]);
    expect(sees(6)).toEqual([true, true, true]);
  });

  it('shows a SpecifiedAgents fund only to the agents it lists', () => {
    const specified = fund({ channel: 7, specifiedAgentIds: ['A2'] });
    expect(fundVisibleToAgent(specified, captive, NOW)).toBe(false);
    expect(fundVisibleToAgent(specified, broker, NOW)).toBe(true);
  });

  it('de-duplicates an agent list by Code and sorts it by Name', () => {
    const list = fundsForViewer([fund({ name: 'Zeta', code: 'Z' }), fund({ name: 'beta', code: 'B' }), fund({ name: 'Alpha', code: 'b' })], captive, NOW);
    expect(list.map((f) => f.name)).toEqual(['Alpha', 'Zeta']);
  });

  it('gives staff every fund, inactive ones included, sorted by Name', () => {
    const list = fundsForViewer([fund({ name: 'B', isActive: false }), fund({ name: 'A', code: 'F1' })], 'staff', NOW);
    expect(list.map((f) => f.name)).toEqual(['A', 'B']);
  });
});

describe('fund prices and dispute status', () => {
  it('charges brokers the broker price and everyone else the captive price', () => {
    const prices = { captive: 20, broker: 35 };
    expect([0, 1, 2].map((t) => priceForType(prices, t as 0 | 1 | 2))).toEqual([20, 35, 20]);
    expect(priceForType(prices, undefined)).toBe(0);
  });

  it('is All, Some or No by how many links allow disputes on both campaign and vendor', () => {
    expect(disputableStatus([{ campaignAllows: true, vendorAllows: true }])).toBe('All');
    expect(disputableStatus([{ campaignAllows: true, vendorAllows: true }, { campaignAllows: true, vendorAllows: false }])).toBe('Some');
    expect(disputableStatus([{ campaignAllows: false, vendorAllows: true }])).toBe('No');
    expect(disputableStatus([])).toBe('No');
  });
});
