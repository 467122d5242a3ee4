// The short-lived state of a sign-in in progress (state and PKCE verifier), kept server-side between
// /auth/signin and /auth/callback and consumed once.
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { z } from 'zod';
import { defineEntity } from '#platform/db.ts';
import { docClient, tableName } from '#platform/dynamo.ts';
import { authStateKeys } from '#platform/keys.ts';

const STATE_MINUTES = 10;
const key = authStateKeys.byState;

const authStates = defineEntity({
  entity: 'AuthState',
  version: 1,
  schema: z.object({ state: z.string(), codeVerifier: z.string(), ttl: z.number().int() }),
  key: (s) => ({ ...key(s.state), ttl: s.ttl }),
});

export async function saveAuthState(state: string, codeVerifier: string, now = Date.now()): Promise<void> {
  await authStates.put({ state, codeVerifier, ttl: Math.floor(now / 1000) + STATE_MINUTES * 60 });
}

/** Returns the verifier and deletes the state, so a callback URL cannot be replayed. */
export async function takeAuthState(state: string, now = Date.now()): Promise<string | undefined> {
  if (!/^[\w-]{10,200}$/.test(state)) return undefined;
  try {
    const out = await docClient().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: key(state),
        ConditionExpression: 'attribute_exists(pk) AND #ttl > :now',
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':now': Math.floor(now / 1000) },
        ReturnValues: 'ALL_OLD',
      }),
    );
    return authStates.parse(out.Attributes ?? {}).codeVerifier;
  } catch (err) {
    if (err instanceof ConditionalCheckFailedException) return undefined;
    throw err;
  }
}
