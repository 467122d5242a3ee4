import { describe, expect, it } from 'vitest';
import { AgentProfile, directoryKeys } from './agent-profile.ts';
import { Balance } from './balance.ts';
import { Downline } from './downline.ts';
import { LedgerEntry } from './ledger-entry.ts';
import { ProStoreOutcome } from './prostore-outcome.ts';
import { User } from './user.ts';

const profile = {
  agentId: 'A9', firstName: 'Ann', lastName: 'McDonald', email: 'ann@example.com', type: 0 as const, status: 1 as const, role: 'agent',
  zip: '60601', zipStatus: 1 as const, orderStatus: 1 as const, liveTransferStatus: 1 as const, thirdPartyLeadStatus: false, priority: 5,
  proStoreEnabled: false, proStoreAmountCents: 0, address1: '1 Main', city: 'Chicago', state: 'IL', createdAt: '2024-01-01T00:00:00.000Z',
};

describe('entity key shapes', () => {
  it('stores a user under USER#{id} and indexes the lower-cased e-mail, and the agent only when there is one', () => {
    const user = { userId: 'u1', email: 'Ann@Example.COM', name: 'Ann', kind: 'staff' as const, isAdmin: false, isManager: false, isLeadConnectHome: false, isSalesAssistant: false, isSponsorAgent: false, isFundPreview: false, createdAt: 'x' };
    expect(User.keys(user)).toEqual({ pk: 'USER#u1', sk: 'USER', gsi1pk: 'USER_EMAIL#ann@example.com', gsi1sk: 'USER' });
    expect(User.keys({ ...user, agentId: 'A1' })).toMatchObject({ gsi2pk: 'AGENT_USERS#A1', gsi2sk: 'USER#u1' });
    expect(User.query.byEmail(' ANN@example.com').key).toEqual({ index: 'gsi1', pk: 'USER_EMAIL#ann@example.com', sk: { eq: 'USER' } });
  });

  it('keeps profile, balance, ledger and downline in the agent partition', () => {
    expect(AgentProfile.key({ agentId: 'A1' })).toEqual({ pk: 'AGENT#A1', sk: 'PROFILE' });
    expect(Balance.key({ agentId: 'A1' })).toEqual({ pk: 'AGENT#A1', sk: 'BALANCE' });
    expect(Downline.key({ ancestorId: 'A1', descendantId: 'A2' })).toEqual({ pk: 'AGENT#A1', sk: 'DOWNLINE#A2' });
    expect(LedgerEntry.key({ agentId: 'A1', at: '2024-05-01T12:00:00.000Z', entryId: 'e1' }).sk).toBe('LEDGER#2024-05-01T12:00:00.000Z#e1');
  });

  it('selects [from, to) of the ledger: an entry at exactly `from` is in, one at exactly `to` is out', () => {
    const range = LedgerEntry.query.byTime('A1', '2024-05-01T00:00:00.000Z', '2024-05-02T00:00:00.000Z').key.sk;
    if (!range || !('between' in range)) throw new Error('expected a between condition');
    const [low, high] = range.between;
    const at = (time: string) => LedgerEntry.key({ agentId: 'A1', at: time, entryId: 'x' }).sk;
    const inside = (sk: string) => sk >= low && sk <= high;

    expect(inside(at('2024-05-01T00:00:00.000Z'))).toBe(true);
    expect(inside(at('2024-05-01T23:59:59.999Z'))).toBe(true);
    expect(inside(at('2024-05-02T00:00:00.000Z'))).toBe(false);
    expect(inside(at('2024-04-30T23:59:59.999Z'))).toBe(false);
  });

  it('indexes Pro Store agents only while the transfer is enabled', () => {
    expect(AgentProfile.keys({ ...profile, proStoreEnabled: true }).gsi3pk).toBe('PROSTORE_ENABLED');
    expect(AgentProfile.keys(profile)).not.toHaveProperty('gsi3pk');
  });

  it('lists direct reports only at depth 1 while every depth is in the team', () => {
    const member = { ancestorId: 'A1', descendantId: 'A3', firstName: 'Bo', lastName: 'Diaz', status: 1 as const, type: 0 as const };
    expect(Downline.keys({ ...member, depth: 1 }).gsi1pk).toBe('DIRECT_REPORTS#A1');
    expect(Downline.keys({ ...member, depth: 2 })).not.toHaveProperty('gsi1pk');
    expect(Downline.keys({ ...member, depth: 2 }).gsi3pk).toBe('TEAM#A1');
  });

  it('sorts agents by lower-cased last then first name, so a prefix search ignores case', () => {
    expect(directoryKeys.lastName(profile)).toBe('mcdonald#ann#A9');
  });

  it('lists only skipped and failed Pro Store outcomes for support', () => {
    const outcome = { isoWeek: '2025-W01', agentId: 'A1', amountCents: 100, decidedAt: 'x' };
    expect(ProStoreOutcome.keys({ ...outcome, outcome: 'skipped' })).toMatchObject({ gsi1pk: 'PROSTORE_EXCEPTIONS#2025-W01', gsi1sk: 'skipped#A1' });
    expect(ProStoreOutcome.keys({ ...outcome, outcome: 'transferred' })).not.toHaveProperty('gsi1pk');
  });
});
