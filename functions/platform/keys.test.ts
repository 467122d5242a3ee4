import { describe, expect, it } from 'vitest';
import { agentKeys, leadKeys, orderKeys, reportDay, userKeys } from './keys.ts';

describe('key shapes fixed for the sign-in work', () => {
  it('stores a user under USER#{id} and indexes the lower-cased e-mail', () => {
    expect(userKeys.item({ userId: 'u1', email: 'Ann@Example.COM' })).toEqual({
      pk: 'USER#u1',
      sk: 'USER',
      gsi1pk: 'USER_EMAIL#ann@example.com',
      gsi1sk: 'USER',
    });
    expect(userKeys.byEmail(' ANN@example.com')).toEqual({ index: 'gsi1', pk: 'USER_EMAIL#ann@example.com', sk: { eq: 'USER' } });
  });

  it('keeps profile, balance, ledger and downline in the agent partition', () => {
    expect(agentKeys.profileById('A1')).toEqual({ pk: 'AGENT#A1', sk: 'PROFILE' });
    expect(agentKeys.balance('A1')).toEqual({ pk: 'AGENT#A1', sk: 'BALANCE' });
    expect(agentKeys.downlineMember('A1', 'A2')).toEqual({ pk: 'AGENT#A1', sk: 'DOWNLINE#A2' });
    expect(agentKeys.ledgerEntry({ agentId: 'A1', at: '2024-05-01T12:00:00.000Z', entryId: 'e1' }).sk).toBe('LEDGER#2024-05-01T12:00:00.000Z#e1');
  });
});

describe('time ranges', () => {
  it('select [from, to): an entry at exactly `from` is in, one at exactly `to` is out', () => {
    const range = agentKeys.ledgerByTime('A1', '2024-05-01T00:00:00.000Z', '2024-05-02T00:00:00.000Z').sk;
    if (!range || !('between' in range)) throw new Error('expected a between condition');
    const [low, high] = range.between;
    const at = (time: string) => agentKeys.ledgerEntry({ agentId: 'A1', at: time, entryId: 'x' }).sk;
    const inside = (sk: string) => sk >= low && sk <= high;

    expect(inside(at('2024-05-01T00:00:00.000Z'))).toBe(true);
    expect(inside(at('2024-05-01T23:59:59.999Z'))).toBe(true);
    expect(inside(at('2024-05-02T00:00:00.000Z'))).toBe(false);
    expect(inside(at('2024-04-30T23:59:59.999Z'))).toBe(false);
  });
});

describe('reportDay', () => {
  it('counts days in the reporting time zone (Central), not UTC', () => {
    expect(reportDay('2024-05-02T04:59:59.000Z')).toBe('2024-05-01');
    expect(reportDay('2024-05-02T05:00:00.000Z')).toBe('2024-05-02');
    expect(reportDay('2024-01-02T05:59:59.000Z')).toBe('2024-01-01');
  });

  it('puts a ledger entry in the day partition of its reporting day', () => {
    expect(agentKeys.ledgerEntry({ agentId: 'A1', at: '2024-05-02T03:00:00.000Z', entryId: 'e' }).gsi1pk).toBe('LEDGER_DAY#2024-05-01');
  });
});

describe('sparse indexes', () => {
  it('indexes Pro Store agents only while the transfer is enabled', () => {
    const agent = { agentId: 'A1', firstName: 'Ann', lastName: 'Lee' };
    expect(agentKeys.profile({ ...agent, proStoreEnabled: true }).gsi3pk).toBe('PROSTORE_ENABLED');
    expect(agentKeys.profile({ ...agent, proStoreEnabled: false })).not.toHaveProperty('gsi3pk');
  });

  it('lists direct reports only at depth 1 while every depth is in the team', () => {
    const member = { ancestorId: 'A1', descendantId: 'A3', firstName: 'Bo', lastName: 'Diaz' };
    expect(agentKeys.downline({ ...member, depth: 1 }).gsi1pk).toBe('DIRECT_REPORTS#A1');
    expect(agentKeys.downline({ ...member, depth: 2 })).not.toHaveProperty('gsi1pk');
    expect(agentKeys.downline({ ...member, depth: 2 }).gsi3pk).toBe('TEAM#A1');
  });

  it('indexes an order target for routing only while the order is active', () => {
    const target = { orderId: 'o1', source: 'FUND' as const, sourceId: 'f1', state: 'IL', agentId: 'A1' };
    expect(orderKeys.target({ ...target, active: true })).toMatchObject({ gsi3pk: 'OPEN_ORDERS#FUND#f1', gsi3sk: 'IL#A1#o1' });
    expect(orderKeys.target({ ...target, active: false })).not.toHaveProperty('gsi3pk');
  });
});

describe('name keys', () => {
  it('sort agents by lower-cased last then first name, so a prefix search ignores case', () => {
    expect(agentKeys.profile({ agentId: 'A9', firstName: 'Ann', lastName: 'McDonald' }).gsi1sk).toBe('mcdonald#ann#A9');
    expect(agentKeys.directoryByName('McD')).toEqual({ index: 'gsi1', pk: 'AGENTS', sk: { beginsWith: 'mcd' } });
  });

  it('file leads under the reporting month of their time for All Leads', () => {
    expect(leadKeys.lead({ leadId: 'l1', agentId: 'A1', recipientAgentId: 'A2', at: '2024-06-01T02:00:00.000Z' }).gsi3pk).toBe('LEADS_MONTH#2024-05');
  });
});
