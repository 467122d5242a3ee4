// Test projects: unit (beside the code), component (React components in jsdom), integration (handlers against DynamoDB Local and s3rver),
// infra (CDK synth assertions) and e2e (Chromium against the local stack).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The same for the local stack the e2e and integration setups start in this (the main) process, whose
// handlers log through the same logger: set before any of them is imported.
process.env.LOG_LEVEL ??= 'warn';

export default defineConfig({
  test: {
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
          include: ['{shared,functions,events,infra}/**/*.test.ts', 'frontend/src/**/*.test.ts', 'tests/lint/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // Component tests (*.test.tsx beside the component) render in jsdom inside Mantine and React
        // Query through frontend/src/testing/render.tsx.
        resolve: { alias: { '@/': fileURLToPath(new URL('./frontend/src/', import.meta.url)) } },
        test: {
          name: 'component',
          include: ['frontend/src/**/*.test.tsx'],
          environment: 'jsdom',
          // Typing through user-event in jsdom is slow on a busy two-core machine.
          testTimeout: 30_000,
          setupFiles: ['frontend/src/testing/setup-dom.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/support/integration-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
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
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/support/e2e-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
