// Global setup of the `e2e` test project: the whole local stack (DynamoDB Local, s3rver, the gateway,
// the scheduler and the Vite dev server) on free ports with data in a fresh temporary directory, so a
// run never touches `.data/` and can run beside a developer's `npm start`. Tests read its URLs with
// inject('localStack').
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startLocalStack } from '../../infra/local/stack.ts';
import { freePort } from '../../infra/local/services/ports.ts';
import { chromiumPath } from './browser.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    localStack: { url: string; apiUrl: string };
  }
}

/** Ports the OS reports free, asked one at a time and never the same one twice. */
async function distinctFreePorts(count: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await freePort());
  return [...ports];
}

export default async function setup(project: TestProject) {
  // Fail before a minute of stack start-up when the browser the tests need is missing.
  chromiumPath();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'leadportal-e2e-'));
  try {
    const [web, api, dynamodb, s3] = await distinctFreePorts(4);
    const stack = await startLocalStack({ ports: { web, api, dynamodb, s3 }, dataDir, quiet: true });
    project.provide('localStack', { url: stack.url, apiUrl: stack.apiUrl });
    return async () => {
      await stack.stop();
      await rm(dataDir, { recursive: true, force: true });
    };
  } catch (err) {
    await rm(dataDir, { recursive: true, force: true });
    throw err;
  }
}
