// Outgoing e-mail behind one interface, chosen by configuration like the event publisher: locally each
// message is written as a file under LOCAL_MAIL_DIR (`.data/mail/` with `npm start`; the README says
// where), so a developer can read the invitation a vendor administrator would get. In AWS the mailer
// is SES (SESv2 SendEmail, plain text, with extra header fields such as List-Unsubscribe) from the
// verified sender MAIL_FROM, which the stack sets, with ses:SendEmail on that identity, only on the functions that mail and only when the deployment names a
// sender (context `mailFrom`, docs/deployment.md); without it no mailer is configured and sending fails
// loudly instead of pretending (docs/api.md Decisions).
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SendEmailCommand, type SendEmailCommandInput, SESv2Client } from '@aws-sdk/client-sesv2';
import { outboxFileName } from './outbox-file.ts';
import { traced } from './tracer.ts';
import { onForget } from './held.ts';

export interface MailMessage {
  to: string;
  subject: string;
  /** Plain text body. */
  text: string;
  /** Extra header fields (List-Unsubscribe, List-Unsubscribe-Post); names and values on one line each. */
  headers?: Record<string, string>;
}

/** Header fields as one line each: a CR or LF in a name or value would start a header of its own. */
const headerLines = (headers: Record<string, string> | undefined): [string, string][] =>
  Object.entries(headers ?? {}).map(([name, value]) => {
    if (!/^[A-Za-z0-9-]+$/.test(name) || /[\r\n]/.test(value)) throw new MailNotSent(`A header field of the message is not one line: ${name}`);
    return [name, value];
  });

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export class MailNotConfigured extends Error {
  override name = 'MailNotConfigured';
}

/**
 * SES did not take the message. Its message names only SES's error (name and HTTP status): SES's own
 * text can quote the recipient's address, and callers log what they catch.
 */
export class MailNotSent extends Error {
  override name = 'MailNotSent';
}

/** One RFC 5322-style `.eml` file per message, named by time (and this process's count) so a listing reads in sending order. */
export function fileMailer(dir: string, from = 'no-reply@leadportal.local'): Mailer {
  return {
    async send(message) {
      await mkdir(dir, { recursive: true });
      const at = new Date();
      const name = outboxFileName(at, 'eml');
      const headers = [
        `From: ${from}`,
        `To: ${message.to}`,
        `Subject: ${message.subject}`,
        `Date: ${at.toUTCString()}`,
        'Content-Type: text/plain; charset=utf-8',
        ...headerLines(message.headers).map(([name, value]) => `${name}: ${value}`),
      ];
      await writeFile(path.join(dir, name), `${headers.join('\r\n')}\r\n\r\n${message.text}\n`, { encoding: 'utf8', flag: 'wx' });
    },
  };
}

/** The SESv2 SendEmail input for one message: simple content, plain text in UTF-8, one recipient. */
export function sesEmailInput(from: string, message: MailMessage): SendEmailCommandInput {
  const headers = headerLines(message.headers);
  return {
    FromEmailAddress: from,
    Destination: { ToAddresses: [message.to] },
    Content: {
      Simple: {
        Subject: { Data: message.subject, Charset: 'UTF-8' },
        Body: { Text: { Data: message.text, Charset: 'UTF-8' } },
        ...(headers.length ? { Headers: headers.map(([Name, Value]) => ({ Name, Value })) } : {}),
      },
    },
  };
}

/** The part of the SES client the mailer uses. */
export interface SendEmailClient {
  send(command: SendEmailCommand): Promise<unknown>;
}

// One client per Lambda instance, made on the first message (most invocations of these functions mail nothing).
let sesClient: SESv2Client | undefined;
onForget(() => {
  sesClient = undefined;
});
const lambdaSesClient = (): SendEmailClient => (sesClient ??= traced(new SESv2Client({})));

export function sesMailer(from: string, client: () => SendEmailClient = lambdaSesClient): Mailer {
  return {
    async send(message) {
      try {
        await client().send(new SendEmailCommand(sesEmailInput(from, message)));
      } catch (err) {
        const name = err instanceof Error ? err.name : 'Error';
        const status = (err as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata?.httpStatusCode;
        throw new MailNotSent(`SES did not send the message: ${name}${status ? ` (HTTP ${status})` : ''}`);
      }
    },
  };
}

/**
 * The mailer the environment names: files under LOCAL_MAIL_DIR (local stack), else SES from MAIL_FROM
 * (AWS), else none. Read per call so tests can point it at their own directory (and SES at a fake client).
 */
export function mailerFromEnv(env: NodeJS.ProcessEnv = process.env, sesClientFor: () => SendEmailClient = lambdaSesClient): Mailer {
  const dir = env.LOCAL_MAIL_DIR;
  if (dir) return fileMailer(dir, env.MAIL_FROM || undefined);
  if (env.MAIL_FROM) return sesMailer(env.MAIL_FROM, sesClientFor);
  return {
    async send() {
      throw new MailNotConfigured('No mailer is configured: set LOCAL_MAIL_DIR (local stack) or MAIL_FROM (AWS: the deployment context mailFrom).');
    },
  };
}
