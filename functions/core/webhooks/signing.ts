// Webhook secrets and signatures (issue 23). An endpoint's secret is never stored: it is derived from
// the deployment's signing key and the endpoint's id and secret version (HMAC-SHA256), shown to the
// agent once when made or rotated, and derived again to sign each delivery. The signature header is
// `t={unix seconds},v1={hex HMAC-SHA256(secret, "{t}.{body}")}`, the way Stripe signs its webhooks;
// docs/webhooks.md shows the receiver's check.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { z } from 'zod';
import { config } from '#platform/config.ts';
import { onForget } from '#platform/held.ts';

const schema = z
  .object({
    /** The signing key itself: local stack and tests only. */
    WEBHOOK_SIGNING_KEY: z.string().min(32).optional(),
    /** In AWS: the Secrets Manager secret whose SecretString is the signing key. */
    WEBHOOK_SIGNING_KEY_ARN: z.string().startsWith('arn:').optional(),
  })
  .refine((c) => c.WEBHOOK_SIGNING_KEY || c.WEBHOOK_SIGNING_KEY_ARN, { message: 'set WEBHOOK_SIGNING_KEY_ARN (or WEBHOOK_SIGNING_KEY locally)' });

let pending: Promise<string> | undefined;
onForget(() => {
  pending = undefined;
});

/** The deployment's signing key, read once per process (a failed read is retried on the next call). */
export function signingKey(): Promise<string> {
  if (pending) return pending;
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) return Promise.reject(new Error(`Invalid webhook configuration: ${parsed.error.issues.map((i) => i.message).join(', ')}`));
  const { WEBHOOK_SIGNING_KEY: inline, WEBHOOK_SIGNING_KEY_ARN: arn } = parsed.data;
  if (inline) return Promise.resolve(inline);
  pending = new SecretsManagerClient({ region: config().AWS_REGION })
    .send(new GetSecretValueCommand({ SecretId: arn }))
    .then((out) => {
      if (!out.SecretString) throw new Error('The webhook signing key has no SecretString');
      return out.SecretString;
    })
    .catch((err: unknown) => {
      pending = undefined;
      throw err;
    });
  return pending;
}

/** Tests that switch keys between files. */
export function resetSigningKeyForTests(): void {
  pending = undefined;
}

/** The endpoint's current secret: `whsec_` and 43 base64url characters. */
export async function endpointSecret(endpointId: string, secretVersion: number): Promise<string> {
  const mac = createHmac('sha256', await signingKey()).update(`webhook-secret:${endpointId}:${secretVersion}`).digest('base64url');
  return `whsec_${mac}`;
}

/** The signature header's value for `body` sent at `unixSeconds`. */
export function signatureHeader(secret: string, unixSeconds: number, body: string): string {
  return `t=${unixSeconds},v1=${createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex')}`;
}

/**
 * The receiver's check (what docs/webhooks.md shows, and what the tests' receiver runs): the header's
 * signature matches the body and its time is within `toleranceSeconds` of `nowSeconds`.
 */
export function verifySignature(secret: string, header: string, body: string, nowSeconds: number, toleranceSeconds = 300): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=') as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !parts.v1 || Math.abs(nowSeconds - t) > toleranceSeconds) return false;
  const expected = Buffer.from(signatureHeader(secret, t, body).split('v1=')[1]!, 'hex');
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
