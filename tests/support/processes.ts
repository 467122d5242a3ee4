// Whether a process a test started runs, read from /proc (Linux).
import { readFileSync } from 'node:fs';

/** Whether the process runs (a zombie, killed and waiting to be reaped by whoever adopted it, does not). */
export function isRunning(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}
