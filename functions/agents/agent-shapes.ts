// The agent list row, basic info and agent details as the API shows them (spec part 1 §3 Agent list
// row, part 3 §3 Agent): PascalCase, dollars at the edge, the permission-gated columns only for
// callers holding their permissions.
import type { AgentAccount } from '#core/money/accounts.ts';
import type { DirectoryEntry, DirectoryViewer } from '#core/directory/agent-directory.ts';
import type { AgentProfile } from '#entities/agent-profile.ts';
import { AGENT_STATUS_NAMES, AGENT_TYPE_NAMES } from '#shared/agent-list.ts';
import type { AgentBasicInfo, AgentDetails, AgentListRow } from '#shared/api/agents.ts';
import { centsToDollars } from '#shared/money.ts';
import { toAccountDto } from '#core/money/account-dto.ts';

type ColumnViewer = Pick<DirectoryViewer, 'canSeePriority' | 'canSeeCreditLine'>;

/** The list row, with Priority and CreditLine only for callers holding their permissions. */
export function toListRow(e: DirectoryEntry, viewer: ColumnViewer): AgentListRow {
  return {
    AgentId: e.agentId,
    FirstName: e.firstName,
    LastName: e.lastName,
    LastLoginDateTime: e.lastLoginAt ?? null,
    LastLeadDateTime: e.lastLeadAt ?? null,
    CurrentBalance: centsToDollars(e.balanceCents),
    ParentAgentId: e.parentAgentId ?? null,
    Status: e.status,
    StatusName: AGENT_STATUS_NAMES[e.status],
    Type: e.type,
    TypeName: AGENT_TYPE_NAMES[e.type],
    ...(viewer.canSeePriority ? { Priority: e.priority } : {}),
    ...(viewer.canSeeCreditLine ? { CreditLine: centsToDollars(e.creditLineCents) } : {}),
  };
}

/** `GET agent/{agentId}/basicinfo`: a list holding the one agent, or empty when there is none. */
export function toBasicInfo(p: AgentProfile | undefined): AgentBasicInfo[] {
  return p ? [{ AgentId: p.agentId, FirstName: p.firstName, LastName: p.lastName }] : [];
}

/** One agent as the admin view reads it (part 3 §3 Agent): the account plus contact and hierarchy. */
export function toAgentDetails(account: AgentAccount, viewer: ColumnViewer): AgentDetails {
  // The account shape (balance, statuses) comes from the one place that builds it, but with the
  // stored live transfer status, not GET me's display rule (Paused while the account is paused):
  // Agent Information edits the agent it reads, and a display value sent back would be saved.
  const { Priority, CreditLine, ...rest } = toAccountDto(account);
  const { profile } = account;
  return {
    ...rest,
    LiveTransferStatus: profile.liveTransferStatus,
    ParentAgentId: profile.parentAgentId ?? null,
    StatusName: AGENT_STATUS_NAMES[profile.status],
    TypeName: AGENT_TYPE_NAMES[profile.type],
    EmailAddress: profile.email,
    Address1: profile.address1,
    City: profile.city,
    State: profile.state,
    ...(viewer.canSeePriority ? { Priority } : {}),
    ...(viewer.canSeeCreditLine ? { CreditLine } : {}),
  };
}
