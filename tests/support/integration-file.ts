// Set-up of every file of the `integration` project, whose files share one module graph per worker
// (vitest.config.ts, isolate: false): the handlers' modules load once per worker instead of once per
// file. Each file starts with nothing the handlers held for another file's table (platform/held.ts:
// caches, sequence blocks, held snapshots, clients), and after it the process is put back as it was:
// its environment, the real clock, spies, armed faults. Files that replace a module run apart
// (INTEGRATION_REPLACING_MODULES, the `integration-mocks` project).
import { afterAll, vi } from 'vitest';
import { resetConfigForTests } from '#platform/config.ts';
import { clearFaults } from '#platform/faults.ts';
import { forgetHeldStateForTests } from '#platform/held.ts';

const environment = { ...process.env };
forgetHeldStateForTests();

afterAll(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  clearFaults();
  for (const key of Object.keys(process.env)) if (!(key in environment)) delete process.env[key];
  Object.assign(process.env, environment);
  resetConfigForTests();
  forgetHeldStateForTests();
});
