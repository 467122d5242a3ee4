import { describe, expect, it } from 'vitest';
import { isKnownTimeZone } from '#shared/time-zones.ts';
import { DEMO_AGENT_COUNT, downlineOf, generateAgents, historyOf } from './agents.ts';
import { DEMO_AGENT_IDS } from './demo-users.ts';
import { seededRandom } from './random.ts';

const today = new Date('2024-05-01T00:00:00.000Z');
const generate = (count: number) => generateAgents(count, seededRandom(99), today);

describe('generateAgents', () => {
  it('generates the same agents for the same seed and size', () => {
    expect(generate(300)).toEqual(generate(300));
  });

  it('puts the demo agents first, active and with a known time zone', () => {
    const demo = generate(50).slice(0, DEMO_AGENT_COUNT);
    expect(demo.map((a) => a.profile.agentId)).toEqual(Object.values(DEMO_AGENT_IDS));
    for (const { profile } of demo) {
      expect(profile.status).toBe(1);
      expect(isKnownTimeZone(profile.timeZone)).toBe(true);
    }
  });

  it('makes all three agent types, some terminated with a termination date', () => {
    const agents = generate(500).map((a) => a.profile);
    expect(new Set(agents.map((a) => a.type))).toEqual(new Set([0, 1, 2]));
    const terminated = agents.filter((a) => a.status === 0);
    expect(terminated.length).toBeGreaterThan(0);
    for (const a of terminated) expect(a.terminationDate).toBeDefined();
    for (const a of agents) expect(isKnownTimeZone(a.timeZone)).toBe(true);
  });

  it('only nests agents under earlier agents of the same type', () => {
    const agents = generate(500).map((a) => a.profile);
    const byId = new Map(agents.map((a, i) => [a.agentId, { a, i }]));
    for (const [i, a] of agents.entries()) {
      if (!a.parentAgentId) continue;
      const parent = byId.get(a.parentAgentId)!;
      expect(parent.i).toBeLessThan(i);
      expect(parent.a.type).toBe(a.type);
    }
  });
});

describe('downlineOf', () => {
  it('lists every ancestor of an agent with its depth', () => {
    const agents = generate(500);
    const closure = downlineOf(agents);
    const deep = agents.find((a) => {
      const parent = agents.find((p) => p.profile.agentId === a.profile.parentAgentId);
      return parent?.profile.parentAgentId;
    })!;
    const grandparent = agents.find((p) => p.profile.agentId === deep.profile.parentAgentId)!.profile.parentAgentId;

    const mine = closure.filter((d) => d.descendantId === deep.profile.agentId);
    expect(mine.find((d) => d.ancestorId === deep.profile.parentAgentId)?.depth).toBe(1);
    expect(mine.find((d) => d.ancestorId === grandparent)?.depth).toBe(2);
  });
});

describe('historyOf', () => {
  it('never takes a balance below zero and keeps time order, before today', () => {
    for (const agent of generate(400)) {
      let balance = 0;
      let previous = '';
      for (const m of historyOf(agent, 7, today)) {
        balance += m.deltaCents;
        expect(balance).toBeGreaterThanOrEqual(0);
        expect(m.at > previous).toBe(true);
        expect(m.at < today.toISOString()).toBe(true);
        previous = m.at;
      }
      if (agent.profile.status === 0) expect(balance).toBe(0);
    }
  });

  it('ends `endsDaysBack` days before today when asked (the demo agents before their demo activity)', () => {
    for (const agent of generate(50)) {
      const shifted = historyOf(agent, 7, today, { endsDaysBack: 31 });
      expect(shifted.map((m) => m.deltaCents)).toEqual(historyOf(agent, 7, today).map((m) => m.deltaCents));
      for (const m of shifted) expect(m.at < new Date(today.getTime() - 31 * 86_400_000).toISOString()).toBe(true);
    }
  });

  it('is the same for an agent however many agents are generated', () => {
    const small = generate(50)[40]!;
    const large = generate(400)[40]!;
    expect(historyOf(small, 7, today)).toEqual(historyOf(large, 7, today));
  });
});
