import { describe, expect, it } from 'vitest';
import { idleTick } from './idle-counter.ts';

describe('the session idle counter', () => {
  it('refetches the user on the first tick above 540 seconds, then starts again', () => {
    let seconds = 0;
    const refetchedAt: number[] = [];
    for (let tick = 1; tick <= 40; tick++) {
      const next = idleTick(seconds);
      if (next.refetch) refetchedAt.push(tick);
      seconds = next.seconds;
    }
    // 18 ticks reach exactly 540 s, which is not above it; the 19th (570 s) refetches.
    expect(refetchedAt).toEqual([19, 38]);
  });
});
