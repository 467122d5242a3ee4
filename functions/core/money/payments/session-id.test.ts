// The card session id and order id sent to the provider.
import { describe, expect, it } from 'vitest';
import { cardOrderId, cardSessionId, MAX_ORDER_ID_LENGTH, parseCardSessionId, sessionStamp } from './session-id.ts';

describe('card session id', () => {
  it("follows 'LC-{env}-{agentId}-{yy}{dayOfYear}{h}{m}{s}' in UTC with padded parts", () => {
    const at = new Date('2026-02-03T04:05:06Z'); // day 34 of 2026
    expect(cardSessionId({ env: 'DEV', agentId: 'A000002', at })).toBe('LC-DEV-A000002-26034040506');
  });

  it('counts the last day of a leap year as day 366', () => {
    expect(sessionStamp(new Date('2024-12-31T23:59:59Z'))).toBe('24366235959');
  });

  it('reads the agent back from a session id, even one with hyphens in the agent id', () => {
    const id = cardSessionId({ env: 'PRODSUPP', agentId: 'A-12-3', at: new Date('2026-11-21T10:00:00Z') });
    expect(parseCardSessionId(id)).toEqual({ env: 'PRODSUPP', agentId: 'A-12-3', stamp: '26325100000' });
  });

  it('refuses a session id that is not ours', () => {
    expect(parseCardSessionId('LC-TEST-A000002-26034040506')).toBeUndefined();
    expect(parseCardSessionId('LC-DEV-A000002-2603404050')).toBeUndefined();
    expect(parseCardSessionId('XX-DEV-A000002-26034040506')).toBeUndefined();
  });
});

describe('card order id', () => {
  it('is at most 22 characters with an 8-character nonce', () => {
    const id = cardOrderId(new Date('2026-11-21T10:00:00Z'), 'a1b2c3d4');
    expect(id).toBe('LC26325100000a1b2c3d4');
    expect(id.length).toBeLessThanOrEqual(MAX_ORDER_ID_LENGTH);
  });

  it('refuses a nonce that would make it longer than 22 characters', () => {
    expect(() => cardOrderId(new Date(), '0123456789')).toThrow(/at most 22/);
  });
});
