// Whose order the wizard writes (spec part 2 §6): the signed-in agent, or for staff the agent named by
// the admin route (agentID, firstName, lastName), whose type is read from the agent record.
import { useQuery } from '@tanstack/react-query';
import { useMe } from '@/api/get-me.ts';
import { orderAgentQueryOptions } from '../api/get-order-agent.ts';
import type { Owner } from './order-draft.ts';

export interface AdminTarget {
  agentID: string;
  firstName: string;
  lastName: string;
}

export interface OrderOwner {
  owner: Owner;
  /** Captive 0, broker 1, first-family 2; undefined while unknown. */
  type: 0 | 1 | 2 | undefined;
  /** Staff acting for the agent (the hierarchy is not read, 2§6). */
  adminView: boolean;
  /** The owner is the signed-in user: only then is the owner marked "(you)". */
  ownerIsYou: boolean;
}

export function useOrderOwner(admin: AdminTarget | undefined): OrderOwner {
  const me = useMe();
  const target = useQuery({ ...orderAgentQueryOptions(admin?.agentID ?? ''), enabled: admin !== undefined });
  if (admin) {
    return {
      owner: { AgentId: admin.agentID, FirstName: target.data?.FirstName ?? admin.firstName, LastName: target.data?.LastName ?? admin.lastName },
      type: target.data?.Type,
      adminView: true,
      ownerIsYou: me.AgentId === admin.agentID,
    };
  }
  return {
    owner: { AgentId: me.AgentId ?? '', FirstName: me.Account?.FirstName ?? '', LastName: me.Account?.LastName ?? '' },
    type: me.Account?.Type,
    adminView: false,
    ownerIsYou: me.AgentId !== null,
  };
}
