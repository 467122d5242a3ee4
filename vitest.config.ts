// Test projects: unit (beside the code), component (React components in happy-dom), integration (handlers against DynamoDB Local and s3rver),
// infra (CDK synth assertions) and e2e (Chromium against the local stack).
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { COMPONENT, COMPONENT_REPLACING_MODULES, e2eStackCount, INTEGRATION_REPLACING_MODULES, testWorkers, UNIT, UNIT_REPLACING_MODULES } from './tests/support/projects.ts';

// The same for the local stack the e2e and integration setups start in this (the main) process, whose
// handlers log through the same logger: set before any of them is imported.
process.env.LOG_LEVEL ??= 'warn';

// The component tests' DOM (happy-dom: the same tests in about two thirds of jsdom's CPU): it loads no
// script or stylesheet file and follows no link (a CSV download's anchor stays on the page), and
// frontend/src/testing/setup-dom.ts refuses any request a test did not answer itself.
const HAPPY_DOM = {
  settings: {
    disableJavaScriptFileLoading: true,
    disableCSSFileLoading: true,
    navigation: { disableMainFrameNavigation: true, disableChildFrameNavigation: true, disableChildPageNavigation: true, disableFallbackToSetURL: true },
  },
};

export default defineConfig({
  test: {
    // Files at once across the unit, component, integration and infra projects (vitest's own default
    // on two cores is one).
    maxWorkers: testWorkers(),
    reporters: ['default', './tests/support/summary-reporter.ts'],
    // The SDK's notice that its 2027 releases need Node 22 (dependencies.md) would repeat in every file.
    // The functions' info lines (a processed upload, a finished job) would bury failures in the output;
    // warnings and errors still print, and tests that check them spy on console.error.
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', LOG_LEVEL: 'warn' },
    projects: [
      {
        // Frontend modules import each other through the app's `@/` alias (frontend/vite.config.ts).
        resolve: { alias: { '@/': fileURLToPath(new URL('./frontend/src/', import.meta.url)) } },
        test: {
          name: 'unit',
          include: UNIT,
          exclude: [...configDefaults.exclude, ...UNIT_REPLACING_MODULES],
          environment: 'node',
          // Pure logic: the files share one module graph instead of each loading its own (loading was
          // ~80 % of the project's time). A file that replaces a module goes to unit-mocks instead.
          isolate: false,
        },
      },
      {
        resolve: { alias: { '@/': fileURLToPath(new URL('./frontend/src/', import.meta.url)) } },
        test: {
          name: 'unit-mocks',
          include: UNIT_REPLACING_MODULES,
          environment: 'node',
        },
      },
      {
        // Component tests (*.test.tsx beside the component) render in happy-dom inside Mantine and React
        // Query through frontend/src/testing/render.tsx.
        resolve: { alias: { '@/': fileURLToPath(new URL('./frontend/src/', import.meta.url)) } },
        test: {
          name: 'component',
          include: COMPONENT,
          exclude: [...configDefaults.exclude, ...COMPONENT_REPLACING_MODULES],
          // Files that share a module graph also share a window: vitest sets the environment up once per
          // worker. frontend/src/testing/setup-dom.ts puts it back as a new one would be before each file.
          environment: 'happy-dom',
          environmentOptions: { happyDOM: HAPPY_DOM },
          // One module graph and page for the project's files, as for unit; files that replace a module
          // are in component-mocks.
          isolate: false,
          // Typing through user-event is slow on a busy two-core machine.
          testTimeout: 30_000,
          setupFiles: ['frontend/src/testing/setup-dom.ts'],
        },
      },
      {
        // recharts' ES build, reached through @mantine/charts taken into the transform: in a vm context
        // recharts' CommonJS build fails on its require of the redux toolkit (which resolves to ES there).
        resolve: { alias: { '@/': fileURLToPath(new URL('./frontend/src/', import.meta.url)), recharts: 'recharts/es6/index.js' } },
        test: {
          name: 'component-mocks',
          include: COMPONENT_REPLACING_MODULES,
          // Each file still gets a module graph of its own, in a fresh vm context of a worker that stays
          // instead of a fresh worker process: 30 files in 34 s and 60 CPU-s instead of 52 s and 95.
          pool: 'vmForks',
          server: { deps: { inline: [/@mantine\/charts/] } },
          environment: 'happy-dom',
          environmentOptions: { happyDOM: HAPPY_DOM },
          testTimeout: 30_000,
          setupFiles: ['frontend/src/testing/setup-dom.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...INTEGRATION_REPLACING_MODULES],
          // A worker's files share one module graph, so the handlers' modules load once per worker, not
          // once per file; tests/support/integration-file.ts gives each file a clean process. Alone, with
          // integration-mocks: 343 -> 281 s, the workers' CPU 300 -> 190 CPU-s (one run each).
          isolate: false,
          setupFiles: ['tests/support/integration-file.ts'],
          globalSetup: ['tests/support/integration-setup.ts'],
          // Limits that catch a hang, not a slow machine: with the browser tests beside them on two
          // cores, a test of a few hundred requests has taken over 30 s.
          testTimeout: 90_000,
          hookTimeout: 180_000,
        },
      },
      {
        // The integration files that replace a module, each in a module graph of its own, on the same
        // services (integration-setup.ts starts them once for both projects).
        test: {
          name: 'integration-mocks',
          include: INTEGRATION_REPLACING_MODULES,
          globalSetup: ['tests/support/integration-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 180_000,
        },
      },
      {
        // Benchmarks that need the integration harness (its stack, seed and gateway): `npm run bench`
        // runs them; `npm test` does not (it names its projects).
        test: {
          name: 'bench',
          include: ['tests/bench/**/*.test.ts'],
          globalSetup: ['tests/support/integration-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'infra',
          include: ['tests/infra/**/*.test.ts'],
          // CDK synths are read-only and seconds each: the files share a module graph, so those asking for the
          // same options share one synth (tests/infra/support/synth.ts) and aws-cdk-lib loads once per worker.
          isolate: false,
          globalSetup: ['tests/infra/support/synth-setup.ts'],
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          // A worker's files share one module graph (playwright, the helpers, axe's source loaded once), as
          // for unit: none replaces a module (tests/lint/unit-isolation.test.ts). Eight small files: tests
          // 53 -> 48 s, the worker's CPU 12 -> 5 s.
          isolate: false,
          globalSetup: ['tests/support/e2e-setup.ts'],
          testTimeout: 60_000,
          // expect.poll waits for what a page shows after a request: vitest's 1 s default is a wall-clock
          // window a loaded two-core machine misses (a refetched list after a save failed CI on it).
          expect: { poll: { timeout: 15_000 } },
          hookTimeout: 180_000,
          // A file at a time per local stack (tests/support/e2e-setup.ts): a worker's files use its stack.
          maxWorkers: e2eStackCount(),
          // After the other projects when one vitest run has them all (its own worker count needs its own group).
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
