// The card provider's configuration and the one PaymentProvider of a process. Read on first use by
// the card routes rather than at the account area's cold start, so the area's other routes do not
// depend on it; a missing or bad variable still fails loudly, naming the variable.
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { z } from 'zod';
import { config } from '#platform/config.ts';
import { HttpPaymentProvider } from './http-provider.ts';
import { FORM_PATH } from './protocol.ts';
import type { PaymentProvider } from './provider.ts';
import { SESSION_ENVS, type SessionEnv } from './session-id.ts';
import { onForget } from '#platform/held.ts';

const schema = z
  .object({
    /** Base URL of the provider's API; locally the sandbox on the gateway. */
    PAYMENT_PROVIDER_URL: z.url(),
    /** The hosted form, when the provider serves it elsewhere than `{PAYMENT_PROVIDER_URL}/pay`. */
    PAYMENT_FORM_URL: z.url().optional(),
    /** The shared secret itself: local stack and tests only. */
    PAYMENT_SECRET: z.string().min(16).optional(),
    /** In AWS: the Secrets Manager secret whose SecretString is the shared secret. */
    PAYMENT_SECRET_ARN: z.string().startsWith('arn:').optional(),
    /** The {env} of the card session id; by default PROD on the prod stage and DEV elsewhere. */
    PAYMENT_SESSION_ENV: z.enum(SESSION_ENVS).optional(),
  })
  .refine((c) => c.PAYMENT_SECRET || c.PAYMENT_SECRET_ARN, { message: 'set PAYMENT_SECRET_ARN (or PAYMENT_SECRET locally)' });

export interface PaymentSettings {
  provider: PaymentProvider;
  sessionEnv: SessionEnv;
  /** The site origin the provider returns the payment frame to. */
  appOrigin: string;
}

let cached: PaymentSettings | undefined;
onForget(() => {
  cached = undefined;
});

export function paymentSettings(): PaymentSettings {
  if (cached) return cached;
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || 'payment secret'}: ${i.message}`).join(', ');
    throw new Error(`Invalid card payment configuration: ${problems}`);
  }
  const env = parsed.data;
  const server = config();
  const apiUrl = env.PAYMENT_PROVIDER_URL.replace(/\/+$/, '');
  cached = {
    provider: new HttpPaymentProvider({
      apiUrl,
      formUrl: env.PAYMENT_FORM_URL ?? `${apiUrl}${FORM_PATH}`,
      secret: secretLoader(env.PAYMENT_SECRET, env.PAYMENT_SECRET_ARN, server.AWS_REGION),
    }),
    sessionEnv: env.PAYMENT_SESSION_ENV ?? (server.STAGE === 'prod' ? 'PROD' : 'DEV'),
    appOrigin: server.APP_ORIGIN.replace(/\/+$/, ''),
  };
  return cached;
}

/** The secret, fetched from Secrets Manager once per process (a failed fetch is retried next time). */
function secretLoader(inline: string | undefined, arn: string | undefined, region: string): () => Promise<string> {
  if (inline) return async () => inline;
  let pending: Promise<string> | undefined;
  return () => {
    pending ??= new SecretsManagerClient({ region })
      .send(new GetSecretValueCommand({ SecretId: arn }))
      .then((out) => {
        if (!out.SecretString) throw new Error('The card payment secret has no SecretString');
        return out.SecretString;
      })
      .catch((err: unknown) => {
        pending = undefined;
        throw err;
      });
    return pending;
  };
}
