// Portal users: look-ups for sign-in and sessions, and the flags the permission mapping reads.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { docClient, tableName } from '#platform/dynamo.ts';
import { User, type User as UserItem } from '#platform/entities.ts';
import { agentKeys, userKeys } from '#platform/keys.ts';
import { permissionsFor, rolesFor, type UserFlags } from '#shared/permissions.ts';

export type { UserItem };

export async function findUserById(userId: string): Promise<UserItem | undefined> {
  return User.get(userKeys.byId(userId));
}

export async function findUserByEmail(email: string): Promise<UserItem | undefined> {
  const page = await User.queryPage(userKeys.byEmail(email), { limit: 1 });
  return page.items[0];
}

/** The flags the permission mapping reads; the agent type comes from the linked agent record. */
export function userFlags(user: UserItem, agentType?: 0 | 1 | 2): UserFlags {
  return {
    kind: user.kind,
    isAdmin: user.isAdmin,
    isManager: user.isManager,
    isLeadConnectHome: user.isLeadConnectHome,
    isSalesAssistant: user.isSalesAssistant,
    isSponsorAgent: user.isSponsorAgent,
    isFundPreview: user.isFundPreview,
    ...(agentType !== undefined ? { agentType } : {}),
  };
}

/**
 * Stamp an agent's Last Login (My Team, Agents). A sales assistant signing in to view an agent's
 * account is not that agent logging in, and staff have no agent record.
 */
export async function recordLogin(user: UserItem, now = new Date()): Promise<void> {
  if (!user.agentId || user.isSalesAssistant) return;
  await docClient().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: agentKeys.profileById(user.agentId),
      UpdateExpression: 'SET lastLoginAt = :at',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':at': now.toISOString() },
    }),
  ).catch((err: unknown) => {
    if ((err as { name?: string }).name !== 'ConditionalCheckFailedException') throw err;
  });
}

export { permissionsFor, rolesFor };
