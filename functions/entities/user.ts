// A portal user (staff, agent, or a vendor's partner-portal user): what sign-in finds by e-mail and a
// session resolves to.
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';
import { lower } from '#platform/item-key.ts';
import { VENDOR_ROLES } from '#shared/permissions.ts';

export const User = defineEntity({
  entity: 'User',
  version: 1,
  schema: z.object({
    userId: z.string(),
    email: z.string(),
    name: z.string(),
    kind: z.enum(['staff', 'agent', 'vendor']),
    /** The agent an agent user (or sales assistant) acts for. */
    agentId: z.string().optional(),
    /** The vendor a vendor user acts for (issue 24, the partner portal); only on vendor users. */
    vendorId: z.string().optional(),
    /** A vendor user's partner-portal role; only on vendor users. */
    vendorRole: z.enum(VENDOR_ROLES).optional(),
    /** Who invited a vendor user (staff from the vendor form, or one of the vendor's administrators). */
    invitedBy: z.string().optional(),
    isAdmin: z.boolean(),
    isManager: z.boolean(),
    isLeadConnectHome: z.boolean(),
    isSalesAssistant: z.boolean(),
    isSponsorAgent: z.boolean(),
    isFundPreview: z.boolean(),
    createdAt: z.string(),
  }),
  /** user by id (session → user) */
  key: (u: { userId: string }) => ({ pk: `USER#${u.userId}`, sk: 'USER' }),
  indexes: {
    /** user by e-mail (sign-in), case-insensitive */
    byEmail: {
      index: 'gsi1',
      attributes: ['email'],
      key: (u) => ({ pk: `USER_EMAIL#${lower(u.email)}`, sk: 'USER' }),
      query: (email: string) => ({ pk: `USER_EMAIL#${lower(email)}`, sk: { eq: 'USER' } }),
    },
    /** users acting for an agent (the agent's own user, sales assistants); sparse */
    ofAgent: {
      index: 'gsi2',
      attributes: ['agentId', 'userId'],
      when: (u) => u.agentId !== undefined,
      key: (u) => ({ pk: `AGENT_USERS#${u.agentId}`, sk: `USER#${u.userId}` }),
      query: (agentId: string) => ({ pk: `AGENT_USERS#${agentId}` }),
    },
    /** a vendor's partner-portal users (the Users screen), by e-mail; sparse */
    ofVendor: {
      index: 'gsi3',
      attributes: ['vendorId', 'email'],
      when: (u) => u.vendorId !== undefined,
      key: (u) => ({ pk: `VENDOR_USERS#${u.vendorId}`, sk: `USER#${lower(u.email)}` }),
      query: (vendorId: string) => ({ pk: `VENDOR_USERS#${vendorId}` }),
    },
  },
});
export type User = z.infer<typeof User.schema>;
