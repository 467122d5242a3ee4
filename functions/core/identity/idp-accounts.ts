// The identity provider's side of an invitation (issue 24): a person invited to the partner portal needs
// a sign-in at the provider before they can use it. In AWS that is a Cognito user created by
// AdminCreateUser (Cognito e-mails the temporary password itself; the user sets their own at the first
// sign-in, then enrols an authenticator app, which vendor users must have). Locally the embedded OIDC
// provider finds accounts through the portal's own user records (infra/local/oidc.ts), so the local
// port has nothing to create. A user removed from the portal loses their provider sign-in too
// (AdminDeleteUser; locally the deleted user record is the removal). Chosen by configuration:
// USER_POOL_ID names the pool (docs/deployment.md).
import { AdminCreateUserCommand, AdminDeleteUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { traced } from '#platform/tracer.ts';
import { onForget } from '#platform/held.ts';

export interface IdpAccounts {
  /** Makes sure the address can sign in at the provider; an account that already exists is kept as it is. */
  ensureAccount(email: string): Promise<void>;
  /** Removes the address's sign-in at the provider; none there is no error. */
  removeAccount(email: string): Promise<void>;
}

/** The provider reads the portal's users (the local stack): a user record is the sign-in. */
export const portalUserAccounts: IdpAccounts = {
  async ensureAccount() {},
  async removeAccount() {},
};

/** The part of the Cognito client the port uses. */
export interface AdminCreateUserClient {
  send(command: AdminCreateUserCommand | AdminDeleteUserCommand): Promise<unknown>;
}

let client: CognitoIdentityProviderClient | undefined;
onForget(() => {
  client = undefined;
});
const lambdaClient = (): AdminCreateUserClient => (client ??= traced(new CognitoIdentityProviderClient({})));

/** Cognito: AdminCreateUser with the e-mail as user name, marked verified (the invitation went to it). */
export function cognitoAccounts(userPoolId: string, cognito: () => AdminCreateUserClient = lambdaClient): IdpAccounts {
  return {
    async ensureAccount(email) {
      try {
        await cognito().send(
          new AdminCreateUserCommand({
            UserPoolId: userPoolId,
            Username: email,
            UserAttributes: [
              { Name: 'email', Value: email },
              { Name: 'email_verified', Value: 'true' },
            ],
            DesiredDeliveryMediums: ['EMAIL'],
          }),
        );
      } catch (err) {
        // Already a Cognito user (invited before, or to another vendor earlier): their sign-in stays as it is.
        if (err instanceof Error && err.name === 'UsernameExistsException') return;
        throw err;
      }
    },
    async removeAccount(email) {
      try {
        await cognito().send(new AdminDeleteUserCommand({ UserPoolId: userPoolId, Username: email }));
      } catch (err) {
        if (err instanceof Error && err.name === 'UserNotFoundException') return;
        throw err;
      }
    },
  };
}

/** The port the environment names: Cognito when USER_POOL_ID is set (AWS), else the portal's own users (local). */
export function idpAccountsFromEnv(env: NodeJS.ProcessEnv = process.env): IdpAccounts {
  return env.USER_POOL_ID ? cognitoAccounts(env.USER_POOL_ID) : portalUserAccounts;
}
