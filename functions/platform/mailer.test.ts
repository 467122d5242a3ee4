import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MailNotConfigured, mailerFromEnv } from './mailer.ts';

describe('mailerFromEnv', () => {
  it('writes each message as a file under LOCAL_MAIL_DIR', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'mailer-'));
    try {
      await mailerFromEnv({ LOCAL_MAIL_DIR: dir }).send({ to: 'a@b.example.com', subject: 'Hello', text: 'Body' });
      const files = await readdir(dir);
      expect(files).toHaveLength(1);
      const text = await readFile(path.join(dir, files[0]!), 'utf8');
      expect(text).toContain('To: a@b.example.com');
      expect(text).toContain('Subject: Hello');
      expect(text.endsWith('Body\n')).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('fails loudly when no mailer is configured', async () => {
    await expect(mailerFromEnv({}).send({ to: 'a@b.example.com', subject: 'x', text: 'y' })).rejects.toBeInstanceOf(MailNotConfigured);
  });
});
