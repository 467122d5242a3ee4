// The transfer dialog's agent search (GET /api/accounts?search=, spec part 1 §5: "fuzzy or
// case-insensitive match") through the real gateway against DynamoDB Local: a first name alone, a
// name with one typing slip, exact matches ranked before slips, and never the caller or an inactive
// agent. Its own table, so the directory holds only what this file creates.
import { beforeAll, describe, expect, it } from 'vitest';
import { agentProfileFixture } from '../support/agent-fixture.ts';
import { useApiHarness, type Session } from '../support/api-harness.ts';

// No demo seed: the directory holds only the agents below (its view kept by the projector).
const api = useApiHarness({ seed: false, projector: true });

const { AgentProfile } = await import('#entities/agent-profile.ts');
const { User } = await import('#entities/user.ts');
const { openAccount } = await import('../../functions/core/money/ledger.ts');

let counter = 0;

async function newAgent(firstName: string, lastName: string, status: 0 | 1 = 1): Promise<{ agentId: string; session: Session }> {
  const agentId = `S${Date.now().toString(36).toUpperCase()}${(counter++).toString(36).toUpperCase()}`;
  await AgentProfile.put(agentProfileFixture(agentId, { firstName, lastName, status }));
  await openAccount(agentId);
  const userId = `U-${agentId}`;
  await User.put({
    userId,
    email: `${agentId.toLowerCase()}@agents.example.com`,
    name: `${firstName} ${lastName}`,
    kind: 'agent',
    agentId,
    isAdmin: false,
    isManager: false,
    isLeadConnectHome: false,
    isSalesAssistant: false,
    isSponsorAgent: false,
    isFundPreview: false,
    createdAt: new Date().toISOString(),
  });
  return { agentId, session: await api.sessionOf(userId, agentId) };
}

let caller: { agentId: string; session: Session };
let carlos: string;
let carla: string;
let retired: string;

beforeAll(async () => {
  caller = await newAgent('Carlos', 'Searcher');
  carlos = (await newAgent('Carlos', 'Quintanilla')).agentId;
  carla = (await newAgent('Carla', 'Moreno')).agentId;
  retired = (await newAgent('Carlos', 'Retired', 0)).agentId;
  await newAgent('Bianca', 'Broker');
  await api.settled();
}, 120_000);

const search = async (term: string) => {
  const res = await api.call('account.listAccounts', { query: { search: term }, session: caller.session });
  expect(res.status).toBe(200);
  return res.body.map((r) => r.AgentId);
};

describe('GET /api/accounts?search=', () => {
  it("finds an agent by first name alone, in any case, leaving out the caller and inactive agents", async () => {
    expect(await search('Carlos')).toEqual([carlos]);
    expect(await search('CARLOS')).toEqual([carlos]);
    expect(await search('carl')).toEqual([carla, carlos]);
  });

  it('finds an agent despite one letter wrong, missing, extra or swapped', async () => {
    for (const term of ['Quintanila', 'Quintannilla', 'Quitnanilla', 'Quimtanilla', 'Carlso']) expect(await search(term), term).toContain(carlos);
    expect(await search('Quintanila')).not.toContain(retired);
  });

  it('lists exact matches before matches within one slip', async () => {
    // 'carla' is Carla exactly and Carlos within one slip.
    expect(await search('carla')).toEqual([carla, carlos]);
  });

  it('matches "first last" and "last first" with a slip in either word', async () => {
    expect(await search('carlos quintanila')).toEqual([carlos]);
    expect(await search('Quintanilla Carlso')).toEqual([carlos]);
  });

  it('finds nothing two slips away', async () => {
    expect(await search('Qintanlla')).toEqual([]);
  });
});
