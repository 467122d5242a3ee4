import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { SmsNotConfigured, SmsNotSent, smsSenderFromEnv, snsSmsInput, snsSmsSender } from './sms.ts';

const message = { to: '+13125550142', text: 'Lead Portal: New lead: Dana Quick.' };

describe('smsSenderFromEnv', () => {
  it('writes each text as one file under LOCAL_SMS_DIR', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'sms-'));
    try {
      const sender = smsSenderFromEnv({ LOCAL_SMS_DIR: dir });
      await sender.send(message);
      await sender.send({ ...message, text: 'second' });
      const files = (await readdir(dir)).sort();
      expect(files).toHaveLength(2);
      const first = await readFile(path.join(dir, files[0]!), 'utf8');
      expect(first).toContain('To: +13125550142');
      expect(first.endsWith('Lead Portal: New lead: Dana Quick.\n')).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('names texts written in one millisecond so that they still list in the order they were sent', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'sms-'));
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-06-01T12:00:00.000Z') });
    try {
      const sender = smsSenderFromEnv({ LOCAL_SMS_DIR: dir });
      for (let i = 1; i <= 20; i++) await sender.send({ ...message, text: `text ${i}` });
      const files = (await readdir(dir)).sort();
      const texts = await Promise.all(files.map(async (f) => (await readFile(path.join(dir, f), 'utf8')).trim().split('\n').at(-1)));
      expect(texts).toEqual(Array.from({ length: 20 }, (_, i) => `text ${i + 1}`));
    } finally {
      vi.useRealTimers();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('fails loudly when no sender is configured', async () => {
    await expect(smsSenderFromEnv({}).send(message)).rejects.toBeInstanceOf(SmsNotConfigured);
  });

  it('is SNS when SMS_ORIGINATION_NUMBER is set without LOCAL_SMS_DIR', async () => {
    const sent: unknown[] = [];
    await smsSenderFromEnv({ SMS_ORIGINATION_NUMBER: '+18885550100' }, () => ({ send: async (command) => void sent.push(command.input) })).send(message);
    expect(sent).toEqual([snsSmsInput('+18885550100', message)]);
  });
});

describe('the SNS sender', () => {
  it('publishes one transactional text straight to the number, from the origination number', () => {
    expect(snsSmsInput('+18885550100', message)).toEqual({
      PhoneNumber: '+13125550142',
      Message: message.text,
      MessageAttributes: {
        'AWS.SNS.SMS.SMSType': { DataType: 'String', StringValue: 'Transactional' },
        'AWS.MM.SMS.OriginationNumber': { DataType: 'String', StringValue: '+18885550100' },
      },
    });
  });

  it('reports a refusal without the number, and refuses a number not in E.164 before calling SNS', async () => {
    const refusal = Object.assign(new Error('Invalid parameter: PhoneNumber +13125550142'), { name: 'InvalidParameterException', $metadata: { httpStatusCode: 400 } });
    const failing = snsSmsSender('+18885550100', () => ({ send: () => Promise.reject(refusal) }));
    const err: unknown = await failing.send(message).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SmsNotSent);
    expect((err as Error).message).toBe('SNS did not send the text: InvalidParameterException (HTTP 400)');
    let called = false;
    await expect(snsSmsSender('+18885550100', () => ({ send: async () => void (called = true) })).send({ ...message, to: '3125550142' })).rejects.toBeInstanceOf(SmsNotSent);
    expect(called).toBe(false);
  });
});
