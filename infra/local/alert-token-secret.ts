// The local stack's key for the alerts' unsubscribe links (functions/core/alerts/alert-token.ts; in AWS
// a Secrets Manager secret the stack generates): random, made on the first start and kept under the data
// folder (never in the repository), so the links in mail written by an earlier run still work.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export async function localAlertTokenSecret(dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'secrets', 'alert-token.key');
  const kept = await readFile(file, 'utf8').catch(() => '');
  if (kept.trim().length >= 32) return kept.trim();
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString('hex');
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
