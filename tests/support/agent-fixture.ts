// A complete, valid agent profile for tests that create their own agents: the defaults are an active
// captive agent in Chicago; a test names only what it is about.
import type { AgentProfile } from '#entities/agent-profile.ts';

export function agentProfileFixture(agentId: string, overrides: Partial<AgentProfile> = {}): AgentProfile {
  return {
    agentId,
    firstName: 'Test',
    lastName: 'Agent',
    email: `${agentId.toLowerCase()}@agents.example.com`,
    type: 0,
    status: 1,
    role: 'agent',
    timeZone: 'Central',
    zip: '60601',
    zipStatus: 1,
    orderStatus: 1,
    liveTransferStatus: 1,
    thirdPartyLeadStatus: false,
    priority: 5,
    proStoreEnabled: false,
    proStoreAmountCents: 0,
    address1: '1 Main Street',
    city: 'Chicago',
    state: 'IL',
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
