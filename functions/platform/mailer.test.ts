import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { MailNotConfigured, MailNotSent, mailerFromEnv, sesEmailInput, sesMailer } from './mailer.ts';

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

  it('names messages written in one millisecond so that they still list in the order they were sent', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'mailer-'));
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-06-01T12:00:00.000Z') });
    try {
      const mailer = mailerFromEnv({ LOCAL_MAIL_DIR: dir });
      for (let i = 1; i <= 20; i++) await mailer.send({ to: 'a@b.example.com', subject: 'Hello', text: `body ${i}` });
      const files = (await readdir(dir)).sort();
      const bodies = await Promise.all(files.map(async (f) => (await readFile(path.join(dir, f), 'utf8')).trim().split('\n').at(-1)));
      expect(bodies).toEqual(Array.from({ length: 20 }, (_, i) => `body ${i + 1}`));
    } finally {
      vi.useRealTimers();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('writes extra header fields (List-Unsubscribe) one line each, and refuses one that would start another', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'mailer-'));
    try {
      const unsubscribe = { 'List-Unsubscribe': '<https://portal.example.com/api/alerts/unsubscribe?token=t>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
      await mailerFromEnv({ LOCAL_MAIL_DIR: dir }).send({ to: 'a@b.example.com', subject: 'Hello', text: 'Body', headers: unsubscribe });
      const text = await readFile(path.join(dir, (await readdir(dir))[0]!), 'utf8');
      expect(text).toContain('\r\nList-Unsubscribe: <https://portal.example.com/api/alerts/unsubscribe?token=t>\r\nList-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n\r\nBody');
      await expect(mailerFromEnv({ LOCAL_MAIL_DIR: dir }).send({ to: 'a@b.example.com', subject: 'x', text: 'y', headers: { 'X-Evil': 'a\r\nBcc: c@d.example.com' } })).rejects.toBeInstanceOf(MailNotSent);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('fails loudly when no mailer is configured', async () => {
    await expect(mailerFromEnv({}).send({ to: 'a@b.example.com', subject: 'x', text: 'y' })).rejects.toBeInstanceOf(MailNotConfigured);
  });
});

describe('the SES mailer', () => {
  const message = { to: 'agent@b.example.com', subject: 'Your lead balance is low', text: 'Line one\nLine two' };

  it('sends one plain-text message from the sender to the one recipient', () => {
    expect(sesEmailInput('Lead Portal <no-reply@portal.example.com>', message)).toEqual({
      FromEmailAddress: 'Lead Portal <no-reply@portal.example.com>',
      Destination: { ToAddresses: ['agent@b.example.com'] },
      Content: {
        Simple: {
          Subject: { Data: 'Your lead balance is low', Charset: 'UTF-8' },
          Body: { Text: { Data: 'Line one\nLine two', Charset: 'UTF-8' } },
        },
      },
    });
  });

  it('gives SES the extra header fields of a message that has them', () => {
    const input = sesEmailInput('no-reply@portal.example.com', { ...message, headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } });
    expect(input.Content?.Simple?.Headers).toEqual([{ Name: 'List-Unsubscribe-Post', Value: 'List-Unsubscribe=One-Click' }]);
  });

  it('hands SES a SendEmailCommand with that input', async () => {
    const sent: unknown[] = [];
    await sesMailer('no-reply@portal.example.com', () => ({ send: async (command) => void sent.push(command.input) })).send(message);
    expect(sent).toEqual([sesEmailInput('no-reply@portal.example.com', message)]);
  });

  it('reports a refusal without SES text that can quote the recipient', async () => {
    const refusal = Object.assign(new Error('Email address is not verified: agent@b.example.com'), { name: 'MessageRejected', $metadata: { httpStatusCode: 400 } });
    const failing = sesMailer('no-reply@portal.example.com', () => ({ send: () => Promise.reject(refusal) }));
    const err: unknown = await failing.send(message).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MailNotSent);
    expect((err as Error).message).toBe('SES did not send the message: MessageRejected (HTTP 400)');
    expect((err as Error).message).not.toContain('agent@');
  });

  it('is the mailer when MAIL_FROM is set without LOCAL_MAIL_DIR', async () => {
    const sent: unknown[] = [];
    await mailerFromEnv({ MAIL_FROM: 'no-reply@portal.example.com' }, () => ({ send: async (command) => void sent.push(command.input) })).send(message);
    expect(sent).toEqual([sesEmailInput('no-reply@portal.example.com', message)]);
  });

  it('leaves the local stack on files even when MAIL_FROM is set', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'mailer-'));
    try {
      const ses = { send: () => Promise.reject(new Error('SES must not be called')) };
      await mailerFromEnv({ LOCAL_MAIL_DIR: dir, MAIL_FROM: 'no-reply@portal.example.com' }, () => ses).send(message);
      const files = await readdir(dir);
      expect(await readFile(path.join(dir, files[0]!), 'utf8')).toContain('From: no-reply@portal.example.com');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
