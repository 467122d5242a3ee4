// Global setup of the `e2e` test project: E2E_STACKS (one per two cores unless set; projects.ts) whole local stacks (DynamoDB Local,
// s3rver, the OIDC provider, the gateway, the scheduler and the built site), each in a child process
// of its own (e2e-stack.ts) on free ports with data in a fresh temporary directory, so a run never
// touches `.data/` and can run beside a developer's `npm start`. The project runs as many files at
// once as there are stacks, and a file uses the stack of its worker (tests/e2e/stack.ts): the files
// of one stack still run one after another, as they always have, while the stacks share the machine.
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildSite } from '../../infra/local/stack.ts';
import { DEFAULT_DEMO_PASSWORD } from '../../infra/local/oidc.ts';
import { chromiumPath } from './browser.ts';
import type { E2eStackOptions, E2eStackReady } from './e2e-stack.ts';
import { e2eStackCount } from './projects.ts';

export interface E2eStack extends E2eStackReady {
  /** The demo accounts' shared password. */
  demoPassword: string;
  /** Where browser tests keep each demo user's session cookies, so a user signs in once per run and stack. */
  sessionStore: string;
  /** A support user of this run without an authenticator app enrolled (staff MFA, issue 7). */
  staffWithoutMfa: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One per worker of the project (VITEST_POOL_ID 1 uses the first). */
    localStacks: E2eStack[];
  }
}

const STAFF_WITHOUT_MFA = { userId: 'U-e2e-nomfa', email: 'nomfa.support@leadportal.example.com', name: 'Noel Nomfa' };

const STACK_ENTRY = path.join(import.meta.dirname, 'e2e-stack.ts');

/** Starts one stack's process; resolves with its URLs once it is up. */
function startStack(options: E2eStackOptions): { child: ChildProcess; ready: Promise<E2eStackReady> } {
  const child = fork(STACK_ENTRY, [JSON.stringify(options)], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const ready = new Promise<E2eStackReady>((resolve, reject) => {
    child.once('message', (message) => resolve(message as E2eStackReady));
    child.once('exit', (code, signal) => reject(new Error(`an e2e stack's process ended before it was up (${signal ?? `exit ${code}`})`)));
    child.once('error', reject);
  });
  return { child, ready };
}

/** Asks a stack's process to stop and waits for it (killed after 60 s). */
function stopStack(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    if (child.connected) child.send('stop');
    else child.kill('SIGTERM');
  });
}

export default async function setup(project: TestProject) {
  // Fail before a minute of stack start-up when the browser the tests need is missing.
  chromiumPath();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'leadportal-e2e-'));
  const children: ChildProcess[] = [];
  const stopAll = async () => {
    await Promise.all(children.map(stopStack));
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    // The built app, as users get it, built once for every stack (E2E_SITE=dev runs the same tests against the dev server).
    const builtSite = process.env.E2E_SITE === 'dev' ? undefined : path.join(dataDir, 'web');
    if (builtSite) await buildSite(builtSite);
    const count = e2eStackCount();
    const started = Array.from({ length: count }, (_, i) => startStack({ dataDir: path.join(dataDir, `stack${i + 1}`), builtSite, staffWithoutMfa: STAFF_WITHOUT_MFA }));
    children.push(...started.map((s) => s.child));
    const ready = await Promise.all(started.map((s) => s.ready));
    project.provide(
      'localStacks',
      ready.map((r, i) => ({
        ...r,
        // The stacks' provider reads the same variable (infra/local/stack.ts).
        demoPassword: process.env.DEMO_PASSWORD || DEFAULT_DEMO_PASSWORD,
        sessionStore: path.join(dataDir, `stack${i + 1}`, 'browser-sessions'),
        staffWithoutMfa: STAFF_WITHOUT_MFA.email,
      })),
    );
    return stopAll;
  } catch (err) {
    await stopAll();
    throw err;
  }
}
