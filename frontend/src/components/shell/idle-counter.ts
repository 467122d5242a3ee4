// The session idle counter (spec part 1 §4, §9): it rises every 30 s, and once above 540 s the user
// info is refetched (which sends an expired session to sign-in) and the counter starts again.
export const IDLE_TICK_MS = 30_000;
const TICK_SECONDS = IDLE_TICK_MS / 1000;
export const REFETCH_AFTER_SECONDS = 540;

export function idleTick(seconds: number): { seconds: number; refetch: boolean } {
  const next = seconds + TICK_SECONDS;
  return next > REFETCH_AFTER_SECONDS ? { seconds: 0, refetch: true } : { seconds: next, refetch: false };
}
