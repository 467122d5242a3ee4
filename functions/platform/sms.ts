// Outgoing text messages behind one interface, chosen by configuration like the mailer: locally each
// message is written as a file under LOCAL_SMS_DIR (`.data/sms/` with `npm start`), so a developer can
// read what an agent's phone would show. In AWS it is SNS Publish straight to the phone number, as a
// transactional message from the origination number SMS_ORIGINATION_NUMBER (an AWS End User Messaging
// SMS number of the account, E.164), which the stack sets together with sns:Publish only on the
// functions that text and only when the deployment names one (context `smsFrom`, docs/deployment.md);
// without it no sender is configured and sending fails loudly instead of pretending.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PublishCommand, type PublishCommandInput, SNSClient } from '@aws-sdk/client-sns';
import { outboxFileName } from './outbox-file.ts';
import { traced } from './tracer.ts';
import { onForget } from './held.ts';

export interface SmsMessage {
  /** E.164, e.g. +13125550142. */
  to: string;
  text: string;
}

export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

export class SmsNotConfigured extends Error {
  override name = 'SmsNotConfigured';
}

/** SNS did not take the message. Its message names only SNS's error (name and HTTP status), never the number. */
export class SmsNotSent extends Error {
  override name = 'SmsNotSent';
}

const E164 = /^\+[1-9]\d{7,14}$/;

/** One `.txt` file per message, named by time so a listing reads in sending order. */
export function fileSmsSender(dir: string, from = 'LeadPortal'): SmsSender {
  return {
    async send(message) {
      if (!E164.test(message.to)) throw new SmsNotSent('The number is not in E.164 form');
      await mkdir(dir, { recursive: true });
      const at = new Date();
      const name = outboxFileName(at, 'txt');
      const headers = [`From: ${from}`, `To: ${message.to}`, `Date: ${at.toUTCString()}`];
      await writeFile(path.join(dir, name), `${headers.join('\r\n')}\r\n\r\n${message.text}\n`, { encoding: 'utf8', flag: 'wx' });
    },
  };
}

/** The SNS Publish input for one text: straight to the number, transactional (sent even to numbers that prefer no promotions). */
export function snsSmsInput(originationNumber: string, message: SmsMessage): PublishCommandInput {
  return {
    PhoneNumber: message.to,
    Message: message.text,
    MessageAttributes: {
      'AWS.SNS.SMS.SMSType': { DataType: 'String', StringValue: 'Transactional' },
      'AWS.MM.SMS.OriginationNumber': { DataType: 'String', StringValue: originationNumber },
    },
  };
}

/** The part of the SNS client the sender uses. */
export interface PublishClient {
  send(command: PublishCommand): Promise<unknown>;
}

// One client per Lambda instance, made on the first text.
let snsClient: SNSClient | undefined;
onForget(() => {
  snsClient = undefined;
});
const lambdaSnsClient = (): PublishClient => (snsClient ??= traced(new SNSClient({})));

export function snsSmsSender(originationNumber: string, client: () => PublishClient = lambdaSnsClient): SmsSender {
  return {
    async send(message) {
      if (!E164.test(message.to)) throw new SmsNotSent('The number is not in E.164 form');
      try {
        await client().send(new PublishCommand(snsSmsInput(originationNumber, message)));
      } catch (err) {
        const name = err instanceof Error ? err.name : 'Error';
        const status = (err as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata?.httpStatusCode;
        throw new SmsNotSent(`SNS did not send the text: ${name}${status ? ` (HTTP ${status})` : ''}`);
      }
    },
  };
}

/**
 * The sender the environment names: files under LOCAL_SMS_DIR (local stack), else SNS from
 * SMS_ORIGINATION_NUMBER (AWS), else none. Read per call so tests can point it at their own directory.
 */
export function smsSenderFromEnv(env: NodeJS.ProcessEnv = process.env, snsClientFor: () => PublishClient = lambdaSnsClient): SmsSender {
  const dir = env.LOCAL_SMS_DIR;
  if (dir) return fileSmsSender(dir, env.SMS_ORIGINATION_NUMBER || undefined);
  if (env.SMS_ORIGINATION_NUMBER) return snsSmsSender(env.SMS_ORIGINATION_NUMBER, snsClientFor);
  return {
    async send() {
      throw new SmsNotConfigured('No SMS sender is configured: set LOCAL_SMS_DIR (local stack) or SMS_ORIGINATION_NUMBER (AWS: the deployment context smsFrom).');
    },
  };
}
