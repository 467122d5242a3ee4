// Agents of all three types in a hierarchy (some terminated), with places, time zones, priorities,
// credit lines and a money history. Demo agents come first with fixed attributes; the rest are drawn
// from the seeded generator, each agent's history from its own stream so chunked writing cannot
// change what is generated.
import type { Movement } from '#core/money/ledger.ts';
import type { AgentProfile } from '#entities/agent-profile.ts';
import type { Downline } from '#entities/downline.ts';
import type { TimeZoneName } from '#shared/time-zones.ts';
import { DEMO_AGENT_IDS, DEMO_USERS } from './demo-users.ts';
import { agentIdOf, stableId } from './ids.ts';
import { seededRandom, type Random } from './random.ts';

const DAY_MS = 86_400_000;
/** How deep the generated hierarchy goes below a top-level agent. */
const MAX_DEPTH = 4;

export const PLACES: { zip: string; city: string; state: string; timeZone: TimeZoneName }[] = [
  { zip: '60601', city: 'Chicago', state: 'IL', timeZone: 'Central' },
  { zip: '75201', city: 'Dallas', state: 'TX', timeZone: 'Central' },
  { zip: '55401', city: 'Minneapolis', state: 'MN', timeZone: 'Central' },
  { zip: '70112', city: 'New Orleans', state: 'LA', timeZone: 'Central' },
  { zip: '10001', city: 'New York', state: 'NY', timeZone: 'Eastern' },
  { zip: '33130', city: 'Miami', state: 'FL', timeZone: 'Eastern' },
  { zip: '30303', city: 'Atlanta', state: 'GA', timeZone: 'Eastern' },
  { zip: '02108', city: 'Boston', state: 'MA', timeZone: 'Eastern' },
  { zip: '90012', city: 'Los Angeles', state: 'CA', timeZone: 'Pacific' },
  { zip: '98101', city: 'Seattle', state: 'WA', timeZone: 'Pacific' },
  { zip: '80202', city: 'Denver', state: 'CO', timeZone: 'Mountain' },
  { zip: '84101', city: 'Salt Lake City', state: 'UT', timeZone: 'Mountain' },
  { zip: '85004', city: 'Phoenix', state: 'AZ', timeZone: 'Arizona' },
  { zip: '99501', city: 'Anchorage', state: 'AK', timeZone: 'Alaska' },
  { zip: '99546', city: 'Adak', state: 'AK', timeZone: 'Aleutian' },
  { zip: '96813', city: 'Honolulu', state: 'HI', timeZone: 'Hawaii' },
];

const FIRST_NAMES = [
  'James', 'Mary', 'Robert', 'Patricia', 'John', 'Jennifer', 'Michael', 'Linda', 'David', 'Elizabeth',
  'William', 'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Carlos', 'Karen',
  'Daniel', 'Lisa', 'Matthew', 'Nancy', 'Anthony', 'Betty', 'Mark', 'Sandra', 'Wei', 'Ashley',
  'Steven', 'Kimberly', 'Andrew', 'Emily', 'Joshua', 'Donna', 'Kenji', 'Michelle', 'Omar', 'Aisha',
];
const LAST_NAMES = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez',
  'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin',
  'Lee', 'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson',
  'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Nguyen', 'Hill', 'Flores', 'Green',
];

export type AgentType = AgentProfile['type'];

export interface SeedAgent {
  profile: AgentProfile;
  creditLineCents: number;
  /** Index into the generation order; seeds the agent's own history stream. */
  index: number;
}

/** Demo agents: who they are is fixed; where they sit is the sponsor's team. */
const DEMO_AGENTS: { agentId: string; type: AgentType; parent?: string; place: number; creditLineCents: number; proStore?: number }[] = [
  { agentId: DEMO_AGENT_IDS.sponsor, type: 0, place: 0, creditLineCents: 50_000, proStore: 5_000 },
  { agentId: DEMO_AGENT_IDS.captive, type: 0, parent: DEMO_AGENT_IDS.sponsor, place: 4, creditLineCents: 0 },
  { agentId: DEMO_AGENT_IDS.broker, type: 1, place: 8, creditLineCents: 25_000 },
  { agentId: DEMO_AGENT_IDS.firstFamily, type: 2, place: 10, creditLineCents: 0 },
  { agentId: DEMO_AGENT_IDS.fundPreview, type: 0, parent: DEMO_AGENT_IDS.sponsor, place: 12, creditLineCents: 10_000 },
];

export const DEMO_AGENT_COUNT = DEMO_AGENTS.length;

/** Every agent, demo agents first; `count` includes the demo agents. */
export function generateAgents(count: number, random: Random, today: Date): SeedAgent[] {
  const created = new Date(today.getTime() - 400 * DAY_MS).toISOString();
  const agents: SeedAgent[] = DEMO_AGENTS.map((d, index) => {
    const user = DEMO_USERS.find((u) => u.agentId === d.agentId && !u.isSalesAssistant)!;
    const [firstName = '', lastName = ''] = user.name.split(' ');
    const place = PLACES[d.place]!;
    return {
      index,
      creditLineCents: d.creditLineCents,
      profile: {
        agentId: d.agentId,
        firstName,
        lastName,
        email: user.email,
        type: d.type,
        status: 1,
        role: d.parent ? 'subagent' : 'agent',
        ...(d.parent ? { parentAgentId: d.parent } : {}),
        timeZone: place.timeZone,
        zip: place.zip,
        zipStatus: 1,
        orderStatus: 1,
        liveTransferStatus: 1,
        thirdPartyLeadStatus: d.type !== 1,
        priority: 5,
        proStoreEnabled: d.proStore !== undefined,
        proStoreAmountCents: d.proStore ?? 0,
        address1: `${100 + index} Main Street`,
        city: place.city,
        state: place.state,
        lastLoginAt: new Date(today.getTime() - (index + 1) * 3_600_000).toISOString(),
        createdAt: created,
      },
    };
  });

  // Parents are drawn from earlier agents of the same type that are not yet at the deepest level.
  const depthOf = new Map<string, number>(agents.map((a) => [a.profile.agentId, a.profile.parentAgentId ? 1 : 0]));
  const parentsByType: Record<AgentType, string[]> = { 0: [DEMO_AGENT_IDS.sponsor, DEMO_AGENT_IDS.captive], 1: [DEMO_AGENT_IDS.broker], 2: [DEMO_AGENT_IDS.firstFamily] };

  for (let index = agents.length; index < count; index++) {
    const agentId = agentIdOf(index);
    const type: AgentType = random.chance(0.6) ? 0 : random.chance(0.6) ? 1 : 2;
    const candidates = parentsByType[type];
    // The sponsor gets the first few captive agents, so the demo My Team is never empty.
    const parent =
      type === 0 && index < DEMO_AGENT_COUNT + 12 ? DEMO_AGENT_IDS.sponsor : random.chance(0.85) ? random.pick(candidates) : undefined;
    const depth = parent ? depthOf.get(parent)! + 1 : 0;
    depthOf.set(agentId, depth);
    if (depth < MAX_DEPTH) candidates.push(agentId);

    const firstName = random.pick(FIRST_NAMES);
    const lastName = random.pick(LAST_NAMES);
    const place = random.pick(PLACES);
    const terminated = random.chance(0.06);
    const proStore = type === 0 && random.chance(0.2);
    agents.push({
      index,
      creditLineCents: random.chance(0.3) ? random.int(1, 10) * 5_000 : 0,
      profile: {
        agentId,
        firstName,
        lastName,
        email: `${firstName}.${lastName}.${agentId}@agents.example.com`.toLowerCase(),
        type,
        status: terminated ? 0 : 1,
        role: parent ? 'subagent' : 'agent',
        ...(parent ? { parentAgentId: parent } : {}),
        ...(terminated ? { terminationDate: new Date(today.getTime() - random.int(1, 200) * DAY_MS).toISOString() } : {}),
        timeZone: place.timeZone,
        zip: place.zip,
        zipStatus: random.chance(0.95) ? 1 : 0,
        orderStatus: terminated || random.chance(0.2) ? 0 : 1,
        liveTransferStatus: terminated || random.chance(0.4) ? 0 : 1,
        thirdPartyLeadStatus: !terminated && random.chance(0.5),
        priority: random.int(1, 10),
        proStoreEnabled: proStore,
        proStoreAmountCents: proStore ? random.int(1, 8) * 2_500 : 0,
        address1: `${random.int(1, 9999)} ${random.pick(LAST_NAMES)} Avenue`,
        city: place.city,
        state: place.state,
        ...(random.chance(0.8) ? { lastLoginAt: new Date(today.getTime() - random.int(1, 30 * 24) * 3_600_000).toISOString() } : {}),
        ...(random.chance(0.6) ? { lastLeadAt: new Date(today.getTime() - random.int(1, 30 * 24) * 3_600_000).toISOString() } : {}),
        createdAt: created,
      },
    });
  }
  return agents;
}

/** The closure of the hierarchy: one item per (ancestor, descendant) pair. */
export function downlineOf(agents: SeedAgent[]): Downline[] {
  const byId = new Map(agents.map((a) => [a.profile.agentId, a.profile]));
  const items: Downline[] = [];
  for (const { profile } of agents) {
    let ancestorId = profile.parentAgentId;
    for (let depth = 1; ancestorId; depth++) {
      items.push({
        ancestorId,
        descendantId: profile.agentId,
        depth,
        firstName: profile.firstName,
        lastName: profile.lastName,
        status: profile.status,
        type: profile.type,
      });
      ancestorId = byId.get(ancestorId)?.parentAgentId;
    }
  }
  return items;
}

/**
 * An agent's money history over the 45 days before `today` (a day boundary, so every entry is in
 * the past), or over the 45 days before `endsDaysBack` days before it (the demo agents' when the demo
 * activity takes their last month), oldest first, no two entries at the same time (a ledger reads in
 * time order) and never below zero: card payments, lead spend, credits and matches; a terminated
 * agent's account is closed out to zero.
 */
export function historyOf(agent: SeedAgent, seed: number, today: Date, opts: { endsDaysBack?: number } = {}): Movement[] {
  const random = seededRandom(seed ^ Math.imul(agent.index + 1, 0x9e3779b1));
  const count = random.int(2, 6);
  const end = today.getTime() - (opts.endsDaysBack ?? 0) * DAY_MS;
  const times = Array.from({ length: count }, () => end - random.int(1, 45 * 24 * 60) * 60_000).sort((a, b) => a - b);
  // Two draws of the same minute: the later entry a second after the earlier one.
  for (let i = 1; i < times.length; i++) if (times[i]! <= times[i - 1]!) times[i] = times[i - 1]! + 1_000;
  const movements: Movement[] = [];
  let balance = 0;
  for (const [i, time] of times.entries()) {
    const at = new Date(time).toISOString();
    const roll = random.next();
    let move: Omit<Movement, 'at'>;
    if (i === 0 || balance < 5_000 || roll < 0.3) move = { deltaCents: random.int(5, 100) * 1_000, type: 'CreditCardPayment', description: 'Credit card payment' };
    else if (roll < 0.75) move = { deltaCents: -random.int(15, 45) * 100, type: 'LeadSpend', description: 'Lead purchase' };
    else if (roll < 0.85) move = { deltaCents: random.int(15, 45) * 100, type: 'LeadCredit', description: 'Lead credit (dispute approved)' };
    else if (roll < 0.95) move = { deltaCents: random.int(1, 10) * 500, type: 'CompanyMatch', description: 'Company match' };
    else move = { deltaCents: random.int(1, 4) * 1_000, type: 'LeadBonus', description: 'Lead bonus' };
    balance += move.deltaCents;
    movements.push({ entryId: stableId('ledger', `${agent.profile.agentId}:${i}:${at}`), at, ...move });
  }
  if (agent.profile.status === 0 && balance > 0) {
    const closing = new Date(times.at(-1)! + 60_000).toISOString();
    movements.push({ entryId: stableId('ledger', `${agent.profile.agentId}:close:${closing}`), at: closing, deltaCents: -balance, type: 'FinalAccountTermination', description: 'Final account termination' });
  }
  return movements;
}
