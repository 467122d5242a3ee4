// Outgoing e-mail behind one interface, chosen by configuration like the event publisher: locally each
// message is written as a file under LOCAL_MAIL_DIR (`.data/mail/` with `npm start`; the README says
// where), so a developer can read the invitation a vendor administrator would get. In AWS the mailer
// is SES; until the stack grants SES and names a verified sender (MAIL_FROM), no mailer is configured
// and sending fails loudly instead of pretending (docs/api.md Decisions).
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface MailMessage {
  to: string;
  subject: string;
  /** Plain text body. */
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export class MailNotConfigured extends Error {
  override name = 'MailNotConfigured';
}

/** One RFC 5322-style `.eml` file per message, named by time so a listing reads in sending order. */
export function fileMailer(dir: string, from = 'no-reply@leadportal.local'): Mailer {
  return {
    async send(message) {
      await mkdir(dir, { recursive: true });
      const at = new Date();
      const name = `${at.toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`;
      const headers = [`From: ${from}`, `To: ${message.to}`, `Subject: ${message.subject}`, `Date: ${at.toUTCString()}`, 'Content-Type: text/plain; charset=utf-8'];
      await writeFile(path.join(dir, name), `${headers.join('\r\n')}\r\n\r\n${message.text}\n`, { encoding: 'utf8', flag: 'wx' });
    },
  };
}

/** The mailer the environment names; read per call so tests can point it at their own directory. */
export function mailerFromEnv(env: NodeJS.ProcessEnv = process.env): Mailer {
  const dir = env.LOCAL_MAIL_DIR;
  if (dir) return fileMailer(dir, env.MAIL_FROM || undefined);
  return {
    async send() {
      throw new MailNotConfigured('No mailer is configured: set LOCAL_MAIL_DIR (local stack) or wire SES with MAIL_FROM (AWS).');
    },
  };
}
