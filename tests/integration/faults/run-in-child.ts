// Runs a job in a child process (job-child.ts) with a fault plan armed there: a kill fault ends the
// child with SIGKILL at its step, as a Lambda dies mid-run.
import { spawn } from 'node:child_process';
import path from 'node:path';
import type { FaultPlan } from '#platform/faults.ts';
import type { Attempt } from '../../support/fault-matrix.ts';

const CHILD = path.join(import.meta.dirname, 'job-child.ts');

/** The job run in a child with `plan` armed; killed: the kill fired; a child that fails otherwise rejects with its stderr's end. */
export function runInChild(job: string, plan: FaultPlan, input: object): Promise<Attempt> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, JSON.stringify({ job, plan, input })], { env: { ...process.env, LOG_LEVEL: 'error' }, stdio: ['ignore', 'ignore', 'pipe'] });
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
