// Global setup of the `e2e` test project: the whole local stack (DynamoDB Local, s3rver, the OIDC
// provider, the gateway, the scheduler and the Vite dev server) on free ports with data in a fresh
// temporary directory, so a run never touches `.data/` and can run beside a developer's `npm start`.
// Tests read its URLs with inject('localStack').
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startLocalStack } from '../../infra/local/stack.ts';
import { DEFAULT_DEMO_PASSWORD } from '../../infra/local/oidc.ts';
import { freePort } from '../../infra/local/services/ports.ts';
import { localUrl } from '../../infra/local/settings.ts';
import { chromiumPath } from './browser.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    localStack: {
      /** The site (Vite), with the API under /api. */
      url: string;
      /** The gateway itself, for calls that must not carry the browser's cookies. */
      apiUrl: string;
      /** The local OIDC provider that shows the sign-in page. */
      oidcUrl: string;
      /** The demo accounts' shared password. */
      demoPassword: string;
      /** Where browser tests keep each demo user's session cookies, so a user signs in once per run. */
      sessionStore: string;
      /** A support user of this run without an authenticator app enrolled (staff MFA, issue 7). */
      staffWithoutMfa: string;
    };
  }
}

const STAFF_WITHOUT_MFA = { userId: 'U-e2e-nomfa', email: 'nomfa.support@leadportal.example.com', name: 'Noel Nomfa' };

/** Ports the OS reports free, asked one at a time and never the same one twice. */
async function distinctFreePorts(count: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await freePort());
  return [...ports];
}

const START_ATTEMPTS = 3;

/**
 * The stack on ports the OS just reported free. Every port is chosen here, the OIDC provider's too,
 * so nothing collides with a running `npm start`. A port can still be taken between the check and the
 * service's bind (the other test projects start their services at the same moment, and any outgoing
 * connection may be given it): the stack then stops what it started and this tries new ports.
 */
async function startOnFreePorts(dataDir: string, site: 'dev' | 'bundle') {
  for (let attempt = 1; ; attempt++) {
    const [web, api, dynamodb, s3, oidc] = (await distinctFreePorts(5)) as [number, number, number, number, number];
    try {
      // Each attempt in a data folder of its own: nothing half-written by the one before.
      return { stack: await startLocalStack({ ports: { web, api, dynamodb, s3, oidc }, dataDir: path.join(dataDir, `stack-${attempt}`), quiet: true, site }), oidc };
    } catch (err) {
      if (attempt === START_ATTEMPTS) throw err;
      console.error(`e2e: the local stack did not start (attempt ${attempt} of ${START_ATTEMPTS}), trying other ports:`, err);
    }
  }
}

export default async function setup(project: TestProject) {
  // Fail before a minute of stack start-up when the browser the tests need is missing.
  chromiumPath();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'leadportal-e2e-'));
  try {
    // The handlers check every answer against the route's contract while browser tests drive them.
    process.env.VALIDATE_RESPONSES = '1';
    // The built app, as users get it (E2E_SITE=dev runs the same tests against the dev server).
    const site = process.env.E2E_SITE === 'dev' ? 'dev' : 'bundle';
    const { stack, oidc } = await startOnFreePorts(dataDir, site);
    // A staff user with no authenticator app (every demo staff account has one): the MFA refusal's walk.
    const { User } = await import('../../functions/entities/user.ts');
    await User.put({ ...STAFF_WITHOUT_MFA, kind: 'staff', isAdmin: false, isManager: false, isLeadConnectHome: true, isSalesAssistant: false, isSponsorAgent: false, isFundPreview: false, createdAt: new Date().toISOString() });
    project.provide('localStack', {
      url: stack.url,
      apiUrl: stack.apiUrl,
      oidcUrl: localUrl(oidc),
      // The stack's provider reads the same variable (infra/local/stack.ts).
      demoPassword: process.env.DEMO_PASSWORD || DEFAULT_DEMO_PASSWORD,
      sessionStore: path.join(dataDir, 'browser-sessions'),
      staffWithoutMfa: STAFF_WITHOUT_MFA.email,
    });
    return async () => {
      await stack.stop();
      await rm(dataDir, { recursive: true, force: true });
    };
  } catch (err) {
    await rm(dataDir, { recursive: true, force: true });
    throw err;
  }
}
