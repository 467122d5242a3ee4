// A signed-in browser's session, stored under the hash of its cookie token; removed by TTL.
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';
import { User } from './user.ts';

export const Session = defineEntity({
  entity: 'Session',
  version: 1,
  schema: z.object({
    sessionId: z.string(),
    userId: z.string(),
    createdAt: z.string(),
    expiresAt: z.string(),
    /** Epoch seconds: DynamoDB's TTL removes expired sessions. */
    ttl: z.number().int(),
    /** The user as of userCheckedAt, so a request resolves its caller with one read; absent on sessions opened before the copy existed. */
    user: User.schema.optional(),
    userCheckedAt: z.string().optional(),
  }),
  /** session by id (the token's hash) */
  key: (s: { sessionId: string }) => ({ pk: `SESSION#${s.sessionId}`, sk: 'SESSION' }),
  indexes: {
    /** a user's sessions (an administrator removing the user or changing their role reaches them at once) */
    ofUser: {
      index: 'gsi1',
      attributes: ['userId', 'sessionId'],
      key: (s) => ({ pk: `USER_SESSIONS#${s.userId}`, sk: `SESSION#${s.sessionId}` }),
      query: (userId: string) => ({ pk: `USER_SESSIONS#${userId}` }),
    },
  },
});
export type Session = z.infer<typeof Session.schema>;
