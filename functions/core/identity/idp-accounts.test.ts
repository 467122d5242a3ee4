// The Cognito side of partner-portal sign-ins (issue 24): what the port sends for an invitation and for
// a removal, and which of Cognito's answers it takes as done (the account there already, or gone).
import { AdminCreateUserCommand, AdminDeleteUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { cognitoAccounts, idpAccountsFromEnv, portalUserAccounts } from './idp-accounts.ts';

const failing = (name: string) => Object.assign(new Error(name), { name });

/** A Cognito client that records what it is sent and answers with `answer`'s error, if any. */
function cognito(answer?: Error) {
  const sent: (AdminCreateUserCommand | AdminDeleteUserCommand)[] = [];
  const client = {
    send: async (command: AdminCreateUserCommand | AdminDeleteUserCommand) => {
      sent.push(command);
      if (answer) throw answer;
      return {};
    },
  };
  return { sent, accounts: cognitoAccounts('pool-1', () => client) };
}

describe('the Cognito accounts port', () => {
  it('creates the invited address as a verified user, and takes an existing one as it is', async () => {
    const { sent, accounts } = cognito();
    await accounts.ensureAccount('pat@vendor.example.com');
    expect(sent[0]).toBeInstanceOf(AdminCreateUserCommand);
    expect(sent[0]!.input).toMatchObject({ UserPoolId: 'pool-1', Username: 'pat@vendor.example.com', DesiredDeliveryMediums: ['EMAIL'] });
    await expect(cognito(failing('UsernameExistsException')).accounts.ensureAccount('pat@vendor.example.com')).resolves.toBeUndefined();
    await expect(cognito(failing('InternalErrorException')).accounts.ensureAccount('pat@vendor.example.com')).rejects.toThrow('InternalErrorException');
  });

  it("deletes a removed user's sign-in, and takes one already gone as done", async () => {
    const { sent, accounts } = cognito();
    await accounts.removeAccount('pat@vendor.example.com');
    expect(sent[0]).toBeInstanceOf(AdminDeleteUserCommand);
    expect(sent[0]!.input).toEqual({ UserPoolId: 'pool-1', Username: 'pat@vendor.example.com' });
    await expect(cognito(failing('UserNotFoundException')).accounts.removeAccount('pat@vendor.example.com')).resolves.toBeUndefined();
    await expect(cognito(failing('TooManyRequestsException')).accounts.removeAccount('pat@vendor.example.com')).rejects.toThrow('TooManyRequestsException');
  });

  it('is Cognito only where USER_POOL_ID names a pool; locally the portal users are the sign-ins', () => {
    expect(idpAccountsFromEnv({})).toBe(portalUserAccounts);
    expect(idpAccountsFromEnv({ USER_POOL_ID: 'pool-1' })).not.toBe(portalUserAccounts);
  });
});
