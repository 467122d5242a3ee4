// An agent's account settings and identity (spec part 1 §3 Account, part 3 §3 Agent), kept in the
// agent partition AGENT#{agentId} beside the balance, ledger and settings read with it.
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';
import { lower, pad } from '#platform/item-key.ts';

/**
 * The agent partition AGENT#{agentId}: profile, balance, ledger, day sums, downline, audit, ... Items
 * read together (profile + balance, balance + ledger) share it; each entity in it declares its sort key.
 */
export const agentPk = (agentId: string) => `AGENT#${agentId}`;

/** Inactive 0 / Active 1, and Paused 0 / Active 1: the spec's numeric status values. */
const onOff = z.union([z.literal(0), z.literal(1)]);
type Named = { lastName: string; firstName: string; agentId: string };

/**
 * The sort keys of the agent directory's orders (core/directory/agent-directory.ts). Ties of every profile
 * column go by last name, first name, agent id: the name key ends each key.
 */
export const directoryKeys = {
  lastName: (a: Named) => `${lower(a.lastName)}#${lower(a.firstName)}#${a.agentId}`,
  firstName: (a: Named) => `${lower(a.firstName)}#${lower(a.lastName)}#${a.agentId}`,
  /** An agent who never signed in (no lead yet) sorts first ascending: '' + '#' is below any ISO time. */
  lastLogin: (a: Named & { lastLoginAt?: string | undefined }) => `${a.lastLoginAt ?? ''}#${directoryKeys.lastName(a)}`,
  lastLead: (a: Named & { lastLeadAt?: string | undefined }) => `${a.lastLeadAt ?? ''}#${directoryKeys.lastName(a)}`,
  status: (a: Named & { status: number }) => `${a.status}#${directoryKeys.lastName(a)}`,
  type: (a: Named & { type: number }) => `${a.type}#${directoryKeys.lastName(a)}`,
  priority: (a: Named & { priority: number }) => `${pad(a.priority, 2)}#${directoryKeys.lastName(a)}`,
};

export const AgentProfile = defineEntity({
  entity: 'AgentProfile',
  version: 1,
  schema: z.object({
    agentId: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    /** Captive 0, Broker 1, FirstFamily 2. */
    type: z.union([z.literal(0), z.literal(1), z.literal(2)]),
    /** Inactive (Termed) 0, Active 1. */
    status: onOff,
    /** Hierarchy role text (e.g. 'agent', 'subagent'). */
    role: z.string(),
    parentAgentId: z.string().optional(),
    terminationDate: z.string().optional(),
    /** A name from shared/time-zones.ts; missing or unknown opens First Time Setup. */
    timeZone: z.string().optional(),
    zip: z.string(),
    /** Pending 0, Set 1. */
    zipStatus: onOff,
    orderStatus: onOff,
    liveTransferStatus: onOff,
    thirdPartyLeadStatus: z.boolean(),
    priority: z.number().int().min(1).max(10),
    proStoreEnabled: z.boolean(),
    proStoreAmountCents: z.number().int().nonnegative(),
    address1: z.string(),
    city: z.string(),
    state: z.string(),
    lastLoginAt: z.string().optional(),
    lastLeadAt: z.string().optional(),
    createdAt: z.string(),
  }),
  /** agent by id */
  key: (a: { agentId: string }) => ({ pk: agentPk(a.agentId), sk: 'PROFILE' }),
  indexes: {
    /** agents with Pro Store on (the weekly job pages through it); sparse */
    proStoreEnabled: {
      index: 'gsi3',
      attributes: ['proStoreEnabled', 'agentId'],
      when: (a) => a.proStoreEnabled,
      key: (a) => ({ pk: 'PROSTORE_ENABLED', sk: a.agentId }),
      query: () => ({ pk: 'PROSTORE_ENABLED' }),
    },
  },
});
export type AgentProfile = z.infer<typeof AgentProfile.schema>;
