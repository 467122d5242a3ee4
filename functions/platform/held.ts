// What a process keeps from one request to the next: caches, sequence blocks, held snapshots, clients.
// A Lambda keeps them for its sandbox's life. The integration tests run many files, each on a table and
// database of its own, in one process (tests/support/integration-file.ts): between files they forget
// everything registered here, so no file is answered from what another file's table held.
const forgets: (() => void)[] = [];

/** Registers what clears one piece of held state; returns `store` (a map or set), for its declaration. */
export function kept<T extends { clear(): void }>(store: T): T {
  forgets.push(() => store.clear());
  return store;
}

/** Registers how a module forgets held state that is not a map or set (a variable it keeps). */
export function onForget(forget: () => void): void {
  forgets.push(forget);
}

/** Forgets every registered piece of held state (tests only: a file switching to a table of its own). */
export function forgetHeldStateForTests(): void {
  for (const forget of forgets) forget();
}
