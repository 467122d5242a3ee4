// DynamoDB Local runs in a process group of its own, so the stack's exit hook and stop() end it; a
// parent that dies without running them (SIGKILL, a crash, the out-of-memory killer) must not leave it
// running with the port and the data directory (the next `npm start` then found its port taken).
import { once } from 'node:events';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { isPortFree } from '../../infra/local/services/ports.ts';
import { isRunning, startScript } from '../support/processes.ts';

const PARENT = path.resolve(import.meta.dirname, '../../infra/local/services/dynamodb.fixture.ts');

/**
 * Whether Java is gone and its port free, looking again for up to about 30 s: it runs its shutdown
 * hooks first, and its main thread can show as a zombie while its other threads still close its files.
 */
async function goneWithPort(pid: number, port: number): Promise<{ exited: boolean; portFree: boolean }> {
  for (let look = 0; look < 600 && (isRunning(pid) || !(await isPortFree(port))); look++) await sleep(50);
  return { exited: !isRunning(pid), portFree: await isPortFree(port) };
}

describe('DynamoDB Local started by a process', () => {
  it('exits when that process is killed with SIGKILL (no exit hook runs), freeing its port', async () => {
    const { child: parent, match } = await startScript(PARENT, [], /java (\d+) port (\d+)\n/);
    const [javaPid, port] = [Number(match[1]), Number(match[2])];
    expect(isRunning(javaPid), 'Java runs').toBe(true);
    expect(await isPortFree(port), 'its port is taken').toBe(false);

    parent.kill('SIGKILL');
    await once(parent, 'exit');
    expect(await goneWithPort(javaPid, port)).toEqual({ exited: true, portFree: true });
  }, 120_000);
});
