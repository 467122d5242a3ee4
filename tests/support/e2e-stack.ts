// One local stack of the browser tests, in a child process of the e2e global setup (e2e-setup.ts):
// the stack's handlers read the process's environment (table, endpoints, ports), so each stack of a
// run has a process of its own. It starts the stack on ports the OS reports free, adds the run's
// staff user without MFA, sends its URLs to the parent and stops when the parent says so or goes away.
import path from 'node:path';
import { startLocalStack, type LocalStack } from '../../infra/local/stack.ts';
import { distinctFreePorts } from '../../infra/local/services/ports.ts';
import { localUrl } from '../../infra/local/settings.ts';

/** What the parent passes (JSON in argv[2]). */
export interface E2eStackOptions {
  dataDir: string;
  /** The built app to serve; none: the Vite dev server (E2E_SITE=dev). */
  builtSite?: string;
  staffWithoutMfa: { userId: string; email: string; name: string };
}

/** What the child sends once its stack is up. */
export interface E2eStackReady {
  url: string;
  apiUrl: string;
  oidcUrl: string;
}

const START_ATTEMPTS = 3;

/**
 * The stack on ports the OS just reported free. Every port is chosen here, the OIDC provider's too,
 * so nothing collides with a running `npm start`. A port can still be taken between the check and the
 * service's bind (the other stacks and test projects start their services at the same moment): the
 * stack then stops what it started and this tries new ports.
 */
async function startOnFreePorts(options: E2eStackOptions): Promise<{ stack: LocalStack; oidc: number }> {
  for (let attempt = 1; ; attempt++) {
    const [web, api, dynamodb, s3, oidc] = (await distinctFreePorts(5)) as [number, number, number, number, number];
    try {
      // Each attempt in a data folder of its own: nothing half-written by the one before.
      const stack = await startLocalStack({ ports: { web, api, dynamodb, s3, oidc }, dataDir: path.join(options.dataDir, `stack-${attempt}`), quiet: true, site: options.builtSite ? 'bundle' : 'dev', builtSite: options.builtSite, shortLived: true });
      return { stack, oidc };
    } catch (err) {
      if (attempt === START_ATTEMPTS) throw err;
      console.error(`e2e: the local stack did not start (attempt ${attempt} of ${START_ATTEMPTS}), trying other ports:`, err);
    }
  }
}

const options = JSON.parse(process.argv[2] ?? '{}') as E2eStackOptions;
// The handlers check every answer against the route's contract while browser tests drive them.
process.env.VALIDATE_RESPONSES = '1';
try {
  const { stack, oidc } = await startOnFreePorts(options);
  // A staff user with no authenticator app (every demo staff account has one): the MFA refusal's walk.
  const { User } = await import('../../functions/entities/user.ts');
  await User.put({ ...options.staffWithoutMfa, kind: 'staff', isAdmin: false, isManager: false, isLeadConnectHome: true, isSalesAssistant: false, isSponsorAgent: false, isFundPreview: false, createdAt: new Date().toISOString() });
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    stack.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error('e2e: the local stack did not stop cleanly:', err);
        process.exit(1);
      },
    );
  };
  process.on('message', (message) => message === 'stop' && stop());
  process.on('disconnect', stop);
  process.on('SIGTERM', stop);
  process.send?.({ url: stack.url, apiUrl: stack.apiUrl, oidcUrl: localUrl(oidc) } satisfies E2eStackReady);
} catch (err) {
  console.error('e2e: the local stack did not start:', err);
  process.exit(1);
}
