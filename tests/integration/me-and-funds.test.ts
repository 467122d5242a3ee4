// The me and funds areas through the real gateway against seeded data: who the user is, their
// account, the reference lists, and the funds each kind of user may see.
import { describe, expect, it } from 'vitest';
import { useApiHarness, type DemoRole } from '../support/api-harness.ts';

const api = useApiHarness();

const { DEMO_USERS } = await import('../../functions/core/seed/index.ts');
const { Fund } = await import('#entities/fund.ts');
const { listEntries } = await import('../../functions/core/money/ledger.ts');

async function get<T>(role: DemoRole, path: string): Promise<T> {
  const res = await api.fetch<T>('GET', path, { session: await api.sessionFor(role) });
  expect(res.status).toBe(200);
  return res.body;
}

interface FundRow {
  FundId: string;
  Name: string;
  Code: string;
  Channel: number;
  IsActive: boolean;
  StartDate: string;
  EndDate: string;
  CaptivePrice: number;
  BrokerPrice: number;
  Price: number;
  DisputableStatus: string;
  CategoryLabel: string;
}

describe('GET /api/me', () => {
  it("returns an agent's info with their account and a balance equal to the sum of their ledger", async () => {
    const me = await get<{ AgentId: string; Name: string; Account: { Type: number; CurrentBalance: number } }>('captive agent', '/me');
    const captive = DEMO_USERS.find((u) => u.role === 'captive agent')!;
    expect(me).toMatchObject({ AgentId: captive.agentId, Name: captive.name, Account: { Type: 0 } });
    let cents = 0;
    let cursor: string | undefined;
    do {
      const page = await listEntries({ agentId: captive.agentId!, from: '2000-01-01T00:00:00.000Z', to: '2100-01-01T00:00:00.000Z', cursor });
      for (const e of page.items) cents += e.creditCents - e.debitCents;
      cursor = page.cursor;
    } while (cursor);
    expect(me.Account.CurrentBalance).toBe(cents / 100);
  });

  it('returns no account and no balance for an admin', async () => {
    const me = await get<{ AgentId: null; Account: null; Permissions: string[] }>('admin', '/me');
    expect(me.AgentId).toBeNull();
    expect(me.Account).toBeNull();
    expect(me.Permissions).toContain('CAN_EDIT_FUNDS');
  });

  it('marks the sales assistant, sponsor and fund-preview users', async () => {
    expect(await get('sales assistant', '/me')).toMatchObject({ IsSalesAssistant: true });
    expect(await get('sponsor agent', '/me')).toMatchObject({ IsSponsorAgent: true });
    expect(await get('fund-preview agent', '/me')).toMatchObject({ IsFundPreview: true });
  });
});

describe('reference lists', () => {
  it('lists the 50 states plus DC and the spec time zones', async () => {
    expect(await get<unknown[]>('captive agent', '/lookup?category=State')).toHaveLength(51);
    const zones = await get<{ Value: string }[]>('captive agent', '/lookup?category=TimeZone');
    expect(zones.map((z) => z.Value)).toEqual(['Central', 'Eastern', 'Hawaii', 'Aleutian', 'Alaska', 'Pacific', 'Arizona', 'Mountain']);
  });

  it('answers an unknown lookup category with 400', async () => {
    const res = await api.fetch('GET', '/lookup?category=Nope', { session: await api.sessionFor('admin') });
    expect(res.status).toBe(400);
  });

  it('lists lead types with Name', async () => {
    const types = await get<{ Name: string }[]>('admin', '/campaign/leadtypes');
    expect(types.map((t) => t.Name).sort()).toEqual(['Employer', 'Health', 'Life', 'Medicare', 'Supplemental']);
  });
});

describe('GET /api/fund', () => {
  const now = new Date().toISOString();
  const captiveChannels = [1, 2, 4, 6];
  const brokerChannels = [0, 2, 5, 6];

  it('gives an agent only active, current funds of their channel, unique by code and sorted by name', async () => {
    const funds = await get<FundRow[]>('captive agent', '/fund');
    expect(funds.length).toBeGreaterThan(0);
    for (const f of funds) {
      expect(f.IsActive).toBe(true);
      expect(f.StartDate <= now && now <= f.EndDate).toBe(true);
      expect(captiveChannels.includes(f.Channel) || f.Channel === 7).toBe(true);
      expect(f.Price).toBe(f.CaptivePrice);
      expect(['No', 'Some', 'All']).toContain(f.DisputableStatus);
    }
    expect(new Set(funds.map((f) => f.Code.toLowerCase())).size).toBe(funds.length);
    expect(funds.map((f) => f.Name)).toEqual([...funds.map((f) => f.Name)].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
  });

  it('prices funds for a broker at the broker price and shows broker channels only', async () => {
    const funds = await get<FundRow[]>('broker agent', '/fund');
    for (const f of funds) {
      expect(brokerChannels.includes(f.Channel) || f.Channel === 7).toBe(true);
      expect(f.Price).toBe(f.BrokerPrice);
    }
  });

  it('gives an admin every fund, inactive ones included', async () => {
    const all = await Fund.query.byName().all();
    const funds = await get<FundRow[]>('admin', '/fund');
    expect(funds).toHaveLength(all.length);
    expect(all.some((f) => !f.isActive)).toBe(true);
  });

  it('lists campaign-vendor funds only for funds the agent may see', async () => {
    const visible = new Set((await get<FundRow[]>('broker agent', '/fund')).map((f) => f.FundId));
    const links = await get<{ Fund: { FundId: string } }[]>('broker agent', '/fund/campaignvendorfunds');
    expect(links.length).toBeGreaterThan(0);
    for (const l of links) expect(visible.has(l.Fund.FundId)).toBe(true);
  });
});
