// The local provider's stand-in for Cognito's TOTP MFA: which accounts have an authenticator app
// enrolled (kept in a file under .data/ so enrolments survive a restart), and the part of Cognito's
// user API the auth area calls with a user's access token (GetUser, AssociateSoftwareToken,
// VerifySoftwareToken, SetUserMFAPreference), spoken in Cognito's own JSON protocol on the issuer's
// origin, where Cognito serves it too (https://cognito-idp.<region>.amazonaws.com/).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { newTotpSecret, totpMatches } from './totp.ts';

/** The scope Cognito requires of an access token for the user's own account calls. */
export const COGNITO_USER_SCOPE = 'aws.cognito.signin.user.admin';

/**
 * The demo staff accounts' authenticator key (local only, like the demo password): the local sign-in
 * page fills in its current code, so `npm start` sign-ins stay one click; tests compute it.
 */
export const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXPLEADPORTALDEMO23';

interface MfaRecord {
  /** A key handed out by AssociateSoftwareToken, not yet verified. */
  pending?: string;
  /** The verified key (VerifySoftwareToken). */
  secret?: string;
  /** TOTP enabled as an MFA method (SetUserMFAPreference): sign-ins then ask for a code. */
  enabled?: boolean;
}

/** Enrolments by user id; `file` persists them (`npm start`), without it they live in this process. */
export class LocalMfa {
  private readonly records = new Map<string, MfaRecord>();

  constructor(
    private readonly options: { file?: string; enrolled?: Record<string, string> } = {},
  ) {
    for (const [userId, secret] of Object.entries(options.enrolled ?? {})) this.records.set(userId, { secret, enabled: true });
    if (options.file && existsSync(options.file)) {
      const saved = JSON.parse(readFileSync(options.file, 'utf8')) as Record<string, MfaRecord>;
      for (const [userId, record] of Object.entries(saved)) this.records.set(userId, record);
    }
  }

  /** The key a sign-in must show a code of, when TOTP is enabled for the user. */
  enabledSecret(userId: string): string | undefined {
    const record = this.records.get(userId);
    return record?.enabled && record.secret ? record.secret : undefined;
  }

  associate(userId: string): string {
    const secret = newTotpSecret();
    this.update(userId, { ...this.records.get(userId), pending: secret });
    return secret;
  }

  verify(userId: string, code: string): boolean {
    const record = this.records.get(userId);
    if (!record?.pending || !totpMatches(record.pending, code)) return false;
    this.update(userId, { secret: record.pending, enabled: record.enabled });
    return true;
  }

  /** SetUserMFAPreference for TOTP: needs a verified key, as in Cognito. */
  setEnabled(userId: string, enabled: boolean): boolean {
    const record = this.records.get(userId);
    if (!record?.secret) return false;
    this.update(userId, { ...record, enabled });
    return true;
  }

  private update(userId: string, record: MfaRecord) {
    this.records.set(userId, record);
    if (!this.options.file) return;
    mkdirSync(path.dirname(this.options.file), { recursive: true });
    writeFileSync(this.options.file, JSON.stringify(Object.fromEntries(this.records), null, 2));
  }
}

export interface UserApiAnswer {
  status: number;
  body: Record<string, unknown>;
}

const fault = (type: string, message: string): UserApiAnswer => ({ status: 400, body: { __type: type, message } });

/**
 * One call of Cognito's user API (`X-Amz-Target: AWSCognitoIdentityProviderService.<operation>`), for
 * the account whose access token the body carries; `accountOf` resolves a token the provider issued.
 */
export async function userApiCall(
  mfa: LocalMfa,
  target: string,
  body: Record<string, unknown>,
  accountOf: (accessToken: string) => Promise<{ userId: string; email: string; scopes: string[] } | undefined>,
): Promise<UserApiAnswer> {
  const operation = target.replace(/^AWSCognitoIdentityProviderService\./, '');
  const account = typeof body.AccessToken === 'string' ? await accountOf(body.AccessToken) : undefined;
  if (!account) return fault('NotAuthorizedException', 'Invalid Access Token');
  if (!account.scopes.includes(COGNITO_USER_SCOPE)) return fault('NotAuthorizedException', 'Access Token does not have required scopes');
  switch (operation) {
    case 'GetUser': {
      const enabled = mfa.enabledSecret(account.userId) !== undefined;
      return {
        status: 200,
        body: {
          Username: account.userId,
          UserAttributes: [{ Name: 'email', Value: account.email }],
          ...(enabled ? { UserMFASettingList: ['SOFTWARE_TOKEN_MFA'], PreferredMfaSetting: 'SOFTWARE_TOKEN_MFA' } : {}),
        },
      };
    }
    case 'AssociateSoftwareToken':
      return { status: 200, body: { SecretCode: mfa.associate(account.userId) } };
    case 'VerifySoftwareToken':
      return mfa.verify(account.userId, String(body.UserCode ?? ''))
        ? { status: 200, body: { Status: 'SUCCESS' } }
        : fault('EnableSoftwareTokenMFAException', 'Code mismatch and fail enable Software Token MFA');
    case 'SetUserMFAPreference': {
      const settings = body.SoftwareTokenMfaSettings as { Enabled?: boolean } | undefined;
      if (settings?.Enabled === undefined) return { status: 200, body: {} };
      return mfa.setEnabled(account.userId, settings.Enabled)
        ? { status: 200, body: {} }
        : fault('InvalidParameterException', 'User has not verified software token mfa');
    }
    default:
      return fault('UnknownOperationException', `${operation} is not served by the local provider`);
  }
}
