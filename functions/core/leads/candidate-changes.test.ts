// The change log's follower (data-model #37b) on its own: which window each read asks for, each change
// applied once across overlapping reads, what is vouched for and when, and reads that may not be kept.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CandidateChange } from '#entities/candidate-change.ts';
import { ChangeFollower } from './candidate-changes.ts';

const T0 = Date.parse('2026-11-26T10:00:00.000Z');
const change = (atMs: number, kind: CandidateChange['kind'], id: string): CandidateChange => ({ at: new Date(atMs).toISOString(), kind, id, ttl: 0 });

function follower(log: CandidateChange[] | (() => never)) {
  const asked: string[] = [];
  const dropped: string[] = [];
  const f = new ChangeFollower(
    (c) => dropped.push(`${c.kind}:${c.id}`),
    async (fromIso) => {
      asked.push(fromIso);
      if (typeof log === 'function') return log();
      return log.filter((c) => c.at >= fromIso);
    },
  );
  return { f, asked, dropped };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(T0);
});
afterEach(() => vi.useRealTimers());

describe('ChangeFollower', () => {
  it('reads from 10 s before its first read, then from 10 s before the last successful one, applying each change once', async () => {
    const log = [change(T0 - 20_000, 'agent', 'OLD'), change(T0 - 5_000, 'order', 'O1')];
    const { f, asked, dropped } = follower(log);
    await f.pollNow();
    expect(asked).toEqual([new Date(T0 - 10_000).toISOString()]);
    expect(dropped).toEqual(['order:O1']);

    vi.setSystemTime(T0 + 3_000);
    log.push(change(T0 + 2_000, 'balance', 'A1'));
    await f.pollNow();
    expect(asked[1]).toBe(new Date(T0 - 10_000).toISOString());
    // O1 is in the window again but was applied already.
    expect(dropped).toEqual(['order:O1', 'balance:A1']);
  });

  it('reads again at most once a second when polled by decisions', async () => {
    const { f, asked } = follower([]);
    await f.poll();
    await f.poll();
    expect(asked).toHaveLength(1);
    vi.setSystemTime(T0 + 1_000);
    await f.poll();
    expect(asked).toHaveLength(2);
  });

  it('vouches only for reads started after following began, and only while reads succeed', async () => {
    const { f } = follower([]);
    expect(f.vouchesFor(T0)).toBe(false);
    await f.pollNow();
    expect(f.vouchesFor(T0 - 1)).toBe(false);
    expect(f.vouchesFor(T0)).toBe(true);
    vi.setSystemTime(T0 + 4_999);
    expect(f.vouchesFor(T0 + 10)).toBe(true);
    vi.setSystemTime(T0 + 5_000);
    expect(f.vouchesFor(T0 + 10)).toBe(false);
    expect(f.vouchedFrom()).toBe(Infinity);
  });

  it('does not vouch after failed reads, and the next read starts from the last successful one', async () => {
    let fail = false;
    const asked: string[] = [];
    const f = new ChangeFollower(
      () => undefined,
      async (fromIso) => {
        asked.push(fromIso);
        if (fail) throw new Error('throttled');
        return [];
      },
    );
    await f.pollNow();
    fail = true;
    vi.setSystemTime(T0 + 6_000);
    await f.pollNow();
    expect(f.vouchesFor(T0 + 1)).toBe(false);
    fail = false;
    vi.setSystemTime(T0 + 8_000);
    await f.pollNow();
    expect(asked[2]).toBe(new Date(T0 - 10_000).toISOString());
    expect(f.vouchesFor(T0 + 1)).toBe(true);
  });

  it('refuses to keep a read that started before a change to it was applied', async () => {
    const log: CandidateChange[] = [];
    const { f } = follower(log);
    await f.pollNow();
    const readStarted = T0 + 100;
    vi.setSystemTime(T0 + 500);
    log.push(change(T0 + 200, 'agent', 'A7'));
    await f.pollNow();
    expect(f.mayKeep('agent', 'A7', readStarted)).toBe(false);
    expect(f.mayKeep('agent', 'A8', readStarted)).toBe(true);
    expect(f.mayKeep('agent', 'A7', T0 + 501)).toBe(true);
  });
});
