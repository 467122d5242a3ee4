import { describe, expect, it } from 'vitest';
import { liveSocketUrl, reconnectDelay, RECONNECT_MAX_MS } from './live-socket.ts';

describe('the live socket', () => {
  it('opens on the page’s own host, wss: under https', () => {
    expect(liveSocketUrl({ protocol: 'https:', host: 'portal.example.com' })).toBe('wss://portal.example.com/api/live');
    expect(liveSocketUrl({ protocol: 'http:', host: 'localhost:5173' })).toBe('ws://localhost:5173/api/live');
  });

  it('waits longer after each failed attempt, with jitter, never over 30 s', () => {
    expect([0, 1, 2, 3].map((a) => reconnectDelay(a, () => 1))).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect([0, 1, 2, 3].map((a) => reconnectDelay(a, () => 0))).toEqual([500, 1_000, 2_000, 4_000]);
    expect(reconnectDelay(20, () => 1)).toBe(RECONNECT_MAX_MS);
    expect(reconnectDelay(20, () => 0)).toBe(RECONNECT_MAX_MS / 2);
  });
});
