// The live socket's pure parts (issue 23): its URL on the site's own origin, and how long to wait
// before reconnecting: exponential from 1 s to 30 s, with jitter so a restarted gateway is not met by
// every tab in the same second.
import { LIVE_PATH } from '#shared/api/notifications.ts';

export const RECONNECT_FIRST_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;

/** ws: or wss: on the page's own host (the session cookie goes with it). */
export function liveSocketUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${LIVE_PATH}`;
}

/** The wait before reconnect attempt `attempt` (0 for the first): half to all of min(30 s, 1 s × 2^attempt). */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_FIRST_MS * 2 ** Math.max(0, attempt));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}
