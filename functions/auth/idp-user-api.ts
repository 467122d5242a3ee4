// The identity provider's user API, called with the signed-in person's own access token: Cognito's
// GetUser, AssociateSoftwareToken, VerifySoftwareToken and SetUserMFAPreference (JSON 1.1 protocol,
// no AWS credentials: the access token is the authorization). Cognito serves it on its issuer's origin
// (https://cognito-idp.<region>.amazonaws.com/), and so does the local provider (infra/local/oidc-mfa.ts).
import { z } from 'zod';
import { oidcSettings } from './oidc-client.ts';

/** The provider refused a call (a bad code, an expired token): `type` is Cognito's `__type`. */
export class IdpRefused extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
    this.name = 'IdpRefused';
  }
}

const failure = z.object({ __type: z.string().default('UnknownError'), message: z.string().optional() }).loose();

async function call<T>(operation: string, body: Record<string, unknown>, answer: z.ZodType<T>): Promise<T> {
  const res = await fetch(`${new URL(oidcSettings().issuer).origin}/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${operation}` },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(5_000),
  });
  const json: unknown = await res.json().catch(() => ({}));
  if (!res.ok) {
    const { __type, message } = failure.parse(json);
    // Cognito writes the type as `prefix#Name` in some answers.
    throw new IdpRefused(__type.replace(/^.*#/, ''), message ?? `${operation} answered ${res.status}`);
  }
  return answer.parse(json);
}

const userAnswer = z.object({ UserMFASettingList: z.array(z.string()).optional(), PreferredMfaSetting: z.string().optional() }).loose();

/** Whether the user has an authenticator app (TOTP) enabled as an MFA method, so every sign-in asks for its code. */
export async function totpEnabled(accessToken: string): Promise<boolean> {
  const user = await call('GetUser', { AccessToken: accessToken }, userAnswer);
  return (user.UserMFASettingList ?? []).includes('SOFTWARE_TOKEN_MFA');
}

/** A new authenticator key for the user (not in force until verified). */
export async function associateTotp(accessToken: string): Promise<string> {
  const { SecretCode } = await call('AssociateSoftwareToken', { AccessToken: accessToken }, z.object({ SecretCode: z.string().min(16) }).loose());
  return SecretCode;
}

/** Checks a code of the new key and turns TOTP on as the user's preferred MFA method. */
export async function verifyAndEnableTotp(accessToken: string, code: string): Promise<void> {
  const verified = await call(
    'VerifySoftwareToken',
    { AccessToken: accessToken, UserCode: code, FriendlyDeviceName: 'Authenticator app' },
    z.object({ Status: z.string().optional() }).loose(),
  );
  if (verified.Status && verified.Status !== 'SUCCESS') throw new IdpRefused('EnableSoftwareTokenMFAException', 'Code mismatch');
  await call('SetUserMFAPreference', { AccessToken: accessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } }, z.object({}).loose());
}
