// Supervising a child server process: wait until it answers HTTP, and stop its whole process group,
// also when our own process exits without calling stop().
import type { ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';

const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || exited(child)) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group is already gone.
  }
}

// Children still running when Node exits (an uncaught error, process.exit) would outlive us: kill
// them synchronously in the exit hook, the last moment any code runs.
const running = new Set<ChildProcess>();
process.on('exit', () => running.forEach((child) => signalGroup(child, 'SIGKILL')));

// A signal the program has no handler of its own for ends Node at once, without that exit hook, and
// the children run in groups of their own, so the terminal's Ctrl-C never reaches them: a benchmark
// stopped by Ctrl-C left its DynamoDB Local running. Such a signal now exits through the hook (with
// the shell's code for it); a program that handles the signal itself (`npm start`) still does.
export const SIGNAL_EXIT_CODES = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 } as const;
for (const [signal, code] of Object.entries(SIGNAL_EXIT_CODES))
  process.on(signal, () => {
    if (process.listenerCount(signal) === 1) process.exit(code);
  });

/** Resolves once `url` gives any HTTP answer; rejects if the child exits or the time runs out. */
export async function waitUntilAnswering(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  running.add(child);
  child.once('exit', () => running.delete(child));
  let failure: Error | undefined;
  child.once('error', (err) => (failure = err));
  child.once('exit', (code, signal) => (failure ??= new Error(`it exited (${signal ?? `code ${code}`})`)));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (failure) throw failure;
    try {
      await fetch(url, { signal: AbortSignal.timeout(1000) });
      return;
    } catch {
      await sleep(100);
    }
  }
  throw failure ?? new Error(`no answer on ${url} after ${timeoutMs / 1000}s`);
}

/** SIGTERM to the group, then SIGKILL if it has not exited within `graceMs`. */
export async function stopProcessGroup(child: ChildProcess, graceMs = 5000): Promise<void> {
  if (exited(child) || child.pid === undefined) return;
  const done = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  signalGroup(child, 'SIGTERM');
  const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), graceMs);
  await done;
  clearTimeout(timer);
  running.delete(child);
}
