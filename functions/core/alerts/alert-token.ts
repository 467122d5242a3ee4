// The one-click unsubscribe link of an e-mail or SMS alert (issue 23): `{agentId}.{e|s}.{signature}`,
// the signature an HMAC-SHA256 of the agent and the channel under a server secret, cut to 22 base64url
// characters (132 bits). Whoever holds the link may turn that one channel off for that one agent, and
// nothing else; no one can make a link for another agent or channel without the secret. The secret is
// ALERT_TOKEN_SECRET locally (the local stack keeps a random one under .data/, tests make their own)
// and, in AWS, a Secrets Manager secret the stack generates (ALERT_TOKEN_SECRET_ARN), read once per
// process. Without either, making or checking a link fails loudly.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { z } from 'zod';
import { ALERT_CHANNELS, UNSUBSCRIBE_TOKEN_PATTERN, type AlertChannel } from '#shared/api/alert-settings.ts';
import { onForget } from '#platform/held.ts';

const SIGNATURE_CHARS = 22;
const CHANNEL_LETTER: Record<AlertChannel, 'e' | 's'> = { email: 'e', sms: 's' };

/** The signed text: a version and a purpose, so the secret's HMACs of anything else never pass. */
const signed = (agentId: string, channel: AlertChannel) => `alert-unsubscribe:v1:${agentId}:${channel}`;
const signatureOf = (secret: string, agentId: string, channel: AlertChannel) => createHmac('sha256', secret).update(signed(agentId, channel)).digest('base64url').slice(0, SIGNATURE_CHARS);

export function unsubscribeToken(secret: string, agentId: string, channel: AlertChannel): string {
  return `${agentId}.${CHANNEL_LETTER[channel]}.${signatureOf(secret, agentId, channel)}`;
}

/** The agent and channel a token names, when its signature is the secret's; undefined for any other. */
export function verifyUnsubscribeToken(secret: string, token: string): { agentId: string; channel: AlertChannel } | undefined {
  if (!UNSUBSCRIBE_TOKEN_PATTERN.test(token)) return undefined;
  const [agentId, letter, signature] = token.split('.') as [string, string, string];
  const channel = ALERT_CHANNELS.find((c) => CHANNEL_LETTER[c] === letter);
  if (!channel) return undefined;
  const expected = Buffer.from(signatureOf(secret, agentId, channel));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? { agentId, channel } : undefined;
}

const settings = z
  .object({
    /** The secret itself: the local stack and tests only. */
    ALERT_TOKEN_SECRET: z.string().min(32).optional(),
    /** In AWS: the Secrets Manager secret whose SecretString is the secret. */
    ALERT_TOKEN_SECRET_ARN: z.string().startsWith('arn:').optional(),
    AWS_REGION: z.string().min(1).default('us-east-1'),
  })
  .refine((c) => c.ALERT_TOKEN_SECRET || c.ALERT_TOKEN_SECRET_ARN, { message: 'set ALERT_TOKEN_SECRET_ARN (or ALERT_TOKEN_SECRET locally)' });

let pending: Promise<string> | undefined;
let pendingFor: string | undefined;
onForget(() => {
  pending = undefined;
  pendingFor = undefined;
});

/**
 * The secret, from the environment (read per call, so tests can set their own) or from Secrets Manager
 * once per process (a failed fetch is tried again on the next call).
 */
export function alertTokenSecret(env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const parsed = settings.safeParse(env);
  if (!parsed.success) return Promise.reject(new Error(`Invalid alert link configuration: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'secret'}: ${i.message}`).join(', ')}`));
  const { ALERT_TOKEN_SECRET: inline, ALERT_TOKEN_SECRET_ARN: arn, AWS_REGION: region } = parsed.data;
  if (inline) return Promise.resolve(inline);
  if (pending && pendingFor === arn) return pending;
  pendingFor = arn;
  pending = new SecretsManagerClient({ region })
    .send(new GetSecretValueCommand({ SecretId: arn }))
    .then((out) => {
      if (!out.SecretString || out.SecretString.length < 32) throw new Error('The alert link secret has no SecretString of 32 characters or more');
      return out.SecretString;
    })
    .catch((err: unknown) => {
      pending = undefined;
      throw err;
    });
  return pending;
}
