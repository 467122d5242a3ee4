// The local stack's outgoing messages (mailer.ts, sms.ts) are files in a folder: their names sort in the
// order they were written, this process's count breaking ties within one millisecond.
import { randomUUID } from 'node:crypto';

/** Files this process named. */
let written = 0;

/** `2026-06-01T12-00-00-000Z-000000007-1a2b3c4d.eml`: the time, this process's count and a random part. */
export function outboxFileName(at: Date, extension: 'eml' | 'txt'): string {
  return `${at.toISOString().replace(/[:.]/g, '-')}-${String(++written).padStart(9, '0')}-${randomUUID().slice(0, 8)}.${extension}`;
}
