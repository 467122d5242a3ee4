// Hostile input through the real gateway, chain and DynamoDB Local: path parameters are parsed before
// authorization reads anything, so a huge agent id or an impossible date is a 4xx, never a 500.
import { describe, expect, it } from 'vitest';
import { useApiHarness, type DemoRole } from '../support/api-harness.ts';

const api = useApiHarness();

const LONG_ID = 'A'.repeat(3_000);
const ROLES: DemoRole[] = ['admin', 'support', 'sponsor agent', 'captive agent'];
const PATHS = [
  `/transactions/agent/${LONG_ID}/startDate/2026-01-01/endDate/2026-01-31`,
  `/transactions/agent/${LONG_ID}/startDate/2026-01-01/endDate/2026-01-31/export`,
  `/agent/${LONG_ID}`,
  `/agent/${LONG_ID}/basicinfo`,
  `/account/agentphonenumber/${LONG_ID}`,
  `/account/agenttrainingdata/${LONG_ID}`,
];

describe('a 3,000-character agent id', () => {
  for (const role of ROLES)
    it(`is a 400 or 404 for the ${role} on the transaction, agent, basic-info and phone routes, never a 500`, async () => {
      const session = await api.sessionFor(role);
      const answers: string[] = [];
      for (const path of PATHS) {
        const res = await api.fetch('GET', path, { session });
        // 403 only where the role lacks the route's permission, which is checked from the session alone.
        if (![400, 403, 404].includes(res.status)) answers.push(`${path.slice(0, 40)}: ${res.status}`);
        if (res.status === 400) expect(res.errors).toEqual(['Agent id must be 1 to 64 letters, digits, dashes or underscores.']);
      }
      expect(answers).toEqual([]);
    });
});

describe('dates out of range', () => {
  it('refuses an end date in the year 9999 with 400 and says which range is allowed', async () => {
    const session = await api.sessionFor('captive agent');
    const res = await api.call('account.listTransactions', {
      session,
      params: { agentId: session.agentId!, startDate: '2026-01-01', endDate: '9999-12-31' },
    });
    expect(res.status).toBe(400);
    expect(res.errors).toEqual(['End date must be between 2000-01-01 and 2099-12-31.']);
  });

  it('refuses the same on the All Leads route, naming only the bad end date', async () => {
    const session = await api.sessionFor('admin');
    const res = await api.fetch('GET', '/leadstable/startDate/2026-01-01/endDate/9999-12-31', { session });
    expect(res.status).toBe(400);
    expect(res.errors).toEqual(['End date must be between 2000-01-01 and 2099-12-31.']);
  });
});
