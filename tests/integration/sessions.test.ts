// Sessions resolve their user with one DynamoDB read (the user's flags travel with the session), and a
// change to the user still reaches the session within the documented refresh interval.
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestTable } from '../support/test-table.ts';

useTestTable();

const { seed } = await import('../../functions/core/seed/index.ts');
const { createSession, USER_REFRESH_SECONDS } = await import('../../functions/core/identity/sessions.ts');
const { userForSession } = await import('../../functions/core/identity/gatekeeper.ts');
const { docClient } = await import('../../functions/platform/dynamo.ts');
const { User } = await import('#entities/user.ts');

beforeAll(async () => {
  await seed({ agents: 1 });
}, 120_000);
afterEach(() => vi.restoreAllMocks());

const userItem = async (userId: string) => (await User.get({ userId }, { consistent: true }))!;

describe('session user', () => {
  it('resolves a signed-in user with a single DynamoDB read', async () => {
    const { token } = await createSession('U-captive');
    const send = vi.spyOn(docClient(), 'send');
    const user = await userForSession(token);
    expect(user).toMatchObject({ userId: 'U-captive', agentId: 'A000002' });
    expect(user!.permissions).toContain('CAN_FUND_MY_ACCOUNT');
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('applies a permission change within the refresh interval', async () => {
    const { token } = await createSession('U-manager');
    const before = await userItem('U-manager');
    await User.put({ ...before, isManager: false, isLeadConnectHome: true });
    try {
      const later = new Date(Date.now() + (USER_REFRESH_SECONDS + 1) * 1000);
      const user = await userForSession(token, later);
      expect(user!.roles).toContain('support');
      expect(user!.roles).not.toContain('manager');
      // The refreshed flags are kept with the session: the next request reads one item again.
      const send = vi.spyOn(docClient(), 'send');
      expect((await userForSession(token, later))!.roles).toContain('support');
      expect(send).toHaveBeenCalledTimes(1);
    } finally {
      await User.put(before);
    }
  });

  it('ends the session of a user who no longer exists, within the refresh interval', async () => {
    const { token } = await createSession('U-broker');
    const before = await userItem('U-broker');
    await docClient().send(new DeleteCommand({ TableName: process.env.TABLE_NAME!, Key: User.key({ userId: 'U-broker' }) }));
    try {
      expect(await userForSession(token, new Date(Date.now() + (USER_REFRESH_SECONDS + 1) * 1000))).toBeUndefined();
    } finally {
      await User.put(before);
    }
  });
});
