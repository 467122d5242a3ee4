// DynamoDB Local runs in a process group of its own, so the stack's exit hook and stop() end it; a
// parent that dies without running them (SIGKILL, a crash, the out-of-memory killer) must not leave it
// running with the port and the data directory (the next `npm start` then found its port taken).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';

const PARENT = path.resolve(import.meta.dirname, '../../infra/local/services/dynamodb.fixture.ts');

/** Whether the process runs (a zombie waiting to be reaped by whoever adopted it does not). */
const alive = (pid: number) => {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};

/** Whether the port can be bound on 127.0.0.1 again. */
const portFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = createServer()
      .once('error', () => resolve(false))
      .listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

/**
 * Whether Java is gone and its port free, looking again for up to about 30 s: it runs its shutdown
 * hooks first, and its main thread can show as a zombie while its other threads still close its files.
 */
async function goneWithPort(pid: number, port: number): Promise<{ exited: boolean; portFree: boolean }> {
  for (let look = 0; look < 600 && (alive(pid) || !(await portFree(port))); look++) await sleep(50);
  return { exited: !alive(pid), portFree: await portFree(port) };
}

describe('DynamoDB Local started by a process', () => {
  it('exits when that process is killed with SIGKILL (no exit hook runs), freeing its port', async () => {
    const parent = spawn(process.execPath, ['--import', 'tsx', PARENT], { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    parent.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    while (!/java (\d+) port (\d+)\n/.test(output)) {
      if (parent.exitCode !== null) throw new Error(`the parent ended first: ${output}`);
      await once(parent.stdout, 'data');
    }
    const [, javaPid, port] = /java (\d+) port (\d+)\n/.exec(output)!.map(Number);
    expect(alive(javaPid!), 'Java runs').toBe(true);
    expect(await portFree(port!), 'its port is taken').toBe(false);

    parent.kill('SIGKILL');
    await once(parent, 'exit');
    expect(await goneWithPort(javaPid!, port!)).toEqual({ exited: true, portFree: true });
  }, 120_000);
});
