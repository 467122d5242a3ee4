// What vitest.config.ts and the test setups share without loading the stack: which unit test files
// share one module graph and which get their own (tests/lint/unit-isolation.test.ts checks that every
// file replacing a module is listed), and how many local stacks the browser tests run on.
import os from 'node:os';

/** Every unit test file (pure logic, beside the code). */
export const UNIT = ['{shared,functions,events,infra}/**/*.test.ts', 'frontend/src/**/*.test.ts', 'tests/lint/**/*.test.ts'];

/**
 * Unit files that replace a module (vi.mock), reload modules or stub the environment: each runs in a
 * module graph of its own (the `unit-mocks` project), since the `unit` project's files share theirs.
 */
export const UNIT_REPLACING_MODULES = [
  'functions/core/money/ledger.test.ts',
  'functions/core/webhooks/webhooks.test.ts',
  'functions/platform/config.test.ts',
  'functions/platform/db.test.ts',
  'functions/platform/entity.test.ts',
  'functions/platform/http-metrics.test.ts',
  'infra/local/scheduler.test.ts',
];

/** Component test files (React in happy-dom, beside the component). */
export const COMPONENT = ['frontend/src/**/*.test.tsx'];

/** Component files that replace a module or stub a global (fetch): each in a module graph of its own (`component-mocks`). */
export const COMPONENT_REPLACING_MODULES = [
  'frontend/src/components/report-frame.test.tsx',
  'frontend/src/features/leads/dispute-dialog.test.tsx',
  'frontend/src/features/orders/steps/fill-rate-preview.test.tsx',
  'frontend/src/features/orders/steps/order-steps.test.tsx',
  'frontend/src/features/rules/rule-simulation.test.tsx',
  'frontend/src/features/team/export-agents-button.test.tsx',
];

/**
 * Integration files that replace a module: each runs in a module graph of its own (the
 * `integration-mocks` project), since the `integration` project's files share theirs.
 */
export const INTEGRATION_REPLACING_MODULES = [
  'tests/integration/lead-intake.test.ts',
  'tests/integration/marketplace-report-lists.test.ts',
  'tests/integration/orders.test.ts',
  'tests/integration/sales-forms.test.ts',
];

/** What makes a file change modules or globals for the files after it in a shared graph. */
export const REPLACES_MODULES = /\bvi\.(mock|doMock|unmock|resetModules|stubEnv|stubGlobal)\(/;

/** The machine's cores, as vitest counts them. */
const cores = () => os.availableParallelism();

/**
 * How many local stacks the browser tests start, and files they run at once: E2E_STACKS, else one per
 * two cores. A stack's browser keeps about a core busy, so on these two-core machines a second stack
 * only adds its own start-up to the same work (measured: four files took 309 s on two stacks, 294 s one
 * after another on one).
 */
export function e2eStackCount(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.E2E_STACKS || Math.max(1, Math.floor(cores() / 2)));
  return Number.isInteger(n) && n >= 1 && n <= 8 ? n : 1;
}

/**
 * Test files run at once by `npm test`'s vitest run (unit, component, integration and infra together):
 * TEST_WORKERS, else one per core (vitest's own default is one fewer: a single worker on these two-core
 * machines, which left a core idle while integration files waited on DynamoDB Local). The browser tests
 * run beside them in a vitest of their own. The integration setup keeps as many DynamoDB Locals started ahead.
 */
export function testWorkers(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.TEST_WORKERS || cores());
  return Number.isInteger(n) && n >= 1 && n <= 16 ? n : 2;
}
