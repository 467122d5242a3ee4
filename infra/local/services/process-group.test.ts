// A program that supervises a server in a process group of its own (DynamoDB Local) and is ended by a
// signal it does not handle itself (Ctrl-C on a benchmark) takes the server with it.
import { once } from 'node:events';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { isRunning, startScript } from '../../../tests/support/processes.ts';

const SUPERVISOR = path.join(import.meta.dirname, 'process-group.fixture.ts');

/** Starts the fixture (a supervisor with one server child in its own group); resolves with both once the server answers. */
async function startSupervisor(handlesSignal: boolean) {
  const { child, match, output } = await startScript(SUPERVISOR, [handlesSignal ? 'handles' : 'plain'], /server (\d+)\n/);
  return { supervisor: child, serverPid: Number(match[1]), output };
}

/** Whether the server's process is gone, looking again for up to about 10 s (SIGKILL takes effect at once; its teardown takes a moment). */
async function gone(pid: number): Promise<boolean> {
  for (let look = 0; look < 200 && isRunning(pid); look++) await sleep(50);
  return !isRunning(pid);
}

describe('a supervisor ended by a signal', () => {
  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)('ended by %s without a handler of its own: exits %i and the server in its own group goes too', async (signal, code) => {
    const { supervisor, serverPid } = await startSupervisor(false);
    expect(isRunning(serverPid)).toBe(true);
    supervisor.kill(signal);
    const [exitCode] = (await once(supervisor, 'exit')) as [number | null];
    expect(exitCode).toBe(code);
    expect(await gone(serverPid)).toBe(true);
  }, 30_000);

  it('with a handler of its own, the program decides: its handler runs and the exit hook still stops the server', async () => {
    const { supervisor, serverPid, output } = await startSupervisor(true);
    supervisor.kill('SIGTERM');
    const [exitCode] = (await once(supervisor, 'exit')) as [number | null];
    expect(output()).toContain('own handler: SIGTERM');
    expect(exitCode).toBe(7);
    expect(await gone(serverPid)).toBe(true);
  }, 30_000);
});
