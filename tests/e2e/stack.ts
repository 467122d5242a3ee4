// The local stack this file's tests drive: the e2e project runs one file per stack at a time
// (tests/support/e2e-setup.ts), and a worker's pool id (1 to the number of workers, never two running
// files with the same) picks its stack.
import { inject } from 'vitest';
import type { E2eStack } from '../support/e2e-setup.ts';

export function localStack(): E2eStack {
  const stacks = inject('localStacks');
  const poolId = Number(process.env.VITEST_POOL_ID || 1);
  const stack = stacks[(poolId - 1) % stacks.length];
  if (!stack) throw new Error('No local stack was provided to the e2e project (tests/support/e2e-setup.ts).');
  return stack;
}
