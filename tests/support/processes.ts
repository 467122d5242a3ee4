// The processes a test starts: a script run until it says it is ready, and whether a process runs
// (read from /proc, Linux).
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Whether the process runs (a zombie, killed and waiting to be reaped by whoever adopted it, does not). */
export function isRunning(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

export interface StartedScript {
  child: ChildProcess;
  /** The match of `ready` in what the script printed. */
  match: RegExpExecArray;
  /** Everything the script has printed so far. */
  output(): string;
}

/**
 * Runs `node --import tsx script ...args` and resolves once its standard output matches `ready`;
 * rejects with what it printed if it ends (or cannot start) first.
 */
export function startScript(script: string, args: readonly string[], ready: RegExp): Promise<StartedScript> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = ready.exec(output);
      if (match) resolve({ child, match, output: () => output });
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => reject(new Error(`${path.basename(script)} ended (${signal ?? `exit ${code}`}) before it printed ${ready}: ${output}`)));
  });
}
