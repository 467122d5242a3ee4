// The account as the API shows it (spec part 1 §3 Account): PascalCase, dollars at the edge. GET /me
// and GET /agent/{agentId} both build it here.
import type { AgentAccount } from './accounts.ts';
import type { AccountDto } from '#shared/api/account.ts';
import { centsToDollars } from '#shared/money.ts';
import { displayedLiveTransferStatus } from '#shared/settings.ts';

export function toAccountDto({ profile, balanceCents, creditLineCents }: AgentAccount): AccountDto {
  return {
    AgentId: profile.agentId,
    Zip: profile.zip,
    ZipCodeSetStatus: profile.zipStatus,
    TimeZone: profile.timeZone ?? null,
    Type: profile.type,
    CurrentBalance: centsToDollars(balanceCents),
    OrderStatus: profile.orderStatus,
    // GET me: live transfer displays as Paused whenever the account is paused (spec part 1 §4). GET
    // agent/{id} answers the stored status instead (agent-shapes.ts), which its edit form saves.
    LiveTransferStatus: displayedLiveTransferStatus(profile.orderStatus, profile.liveTransferStatus),
    ThirdPartyLeadStatus: profile.thirdPartyLeadStatus,
    LastLeadDateTime: profile.lastLeadAt ?? null,
    HMProStoreAmount: centsToDollars(profile.proStoreAmountCents),
    HMProStoreTransferEnabled: profile.proStoreEnabled,
    FirstName: profile.firstName,
    LastName: profile.lastName,
    LastLoginDateTime: profile.lastLoginAt ?? null,
    TerminationDate: profile.terminationDate ?? null,
    Status: profile.status,
    Priority: profile.priority,
    CreditLine: centsToDollars(creditLineCents),
  };
}
