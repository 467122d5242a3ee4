// Global setup of the `infra` project: one temporary directory for every cloud assembly its workers
// synthesize (synth.ts shares one per worker and option set, so no test file removes it), removed
// with everything in it when the run ends.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the infra tests' cloud assemblies go. */
    synthRoot: string;
  }
}

export default async function setup(project: TestProject) {
  const root = await mkdtemp(path.join(os.tmpdir(), 'leadportal-synth-'));
  project.provide('synthRoot', root);
  return () => rm(root, { recursive: true, force: true });
}
