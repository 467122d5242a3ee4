import { describe, expect, it } from 'vitest';
import { HELD_ANSWERS_MAX, holding } from './held-catalogue.ts';

describe('the held catalogue', () => {
  it('reads each key once while the version stays', async () => {
    const held = holding('t', 1);
    let reads = 0;
    const read = async () => ++reads;
    expect(await held.memo('code#A', read)).toBe(1);
    expect(await held.memo('code#A', read)).toBe(1);
    expect(reads).toBe(1);
  });

  it('keeps neither a failed read nor an answer that found nothing', async () => {
    const held = holding('t', 1);
    let reads = 0;
    await expect(held.memo('x', async () => { reads++; throw new Error('throttled'); })).rejects.toThrow('throttled');
    expect(await held.memo('x', async () => ++reads)).toBe(2);
    expect(await held.memo('code#NOPE', async () => { reads++; return undefined; })).toBeUndefined();
    await Promise.resolve();
    expect(await held.memo('code#NOPE', async () => { reads++; return undefined; })).toBeUndefined();
    expect(reads).toBe(4);
  });

  it('holds at most HELD_ANSWERS_MAX answers, the oldest going first, whatever codes callers send', async () => {
    const held = holding('t', 1);
    let reads = 0;
    for (let i = 0; i <= HELD_ANSWERS_MAX; i++) await held.memo(`code#${i}`, async () => ++reads);
    expect(reads).toBe(HELD_ANSWERS_MAX + 1);
    await held.memo(`code#${HELD_ANSWERS_MAX}`, async () => ++reads);
    expect(reads).toBe(HELD_ANSWERS_MAX + 1);
    await held.memo('code#0', async () => ++reads);
    expect(reads).toBe(HELD_ANSWERS_MAX + 2);
  });

  it('lets a caller look at an answer without reading (the do-not-call keys a post reads ahead), none before it was read', async () => {
    const held = holding('t', 1);
    expect(held.peek('dnc-lists')).toBeUndefined();
    await held.memo('dnc-lists', async () => [{ listId: 'internal', name: 'Internal', version: 3 }]);
    expect(await held.peek('dnc-lists')).toEqual([{ listId: 'internal', name: 'Internal', version: 3 }]);
  });
});
