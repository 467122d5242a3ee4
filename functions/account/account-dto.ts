// The account as the API shows it (spec part 1 §3 Account): PascalCase, dollars at the edge. GET /me
// and GET /agent/{agentId} both build it here.
import type { AgentAccount } from '#core/accounts.ts';
import { centsToDollars } from '#shared/money.ts';

export interface AccountDto {
  AgentId: string;
  Zip: string;
  ZipCodeSetStatus: 0 | 1;
  TimeZone: string | null;
  Type: 0 | 1 | 2;
  CurrentBalance: number;
  OrderStatus: 0 | 1;
  LiveTransferStatus: 0 | 1;
  ThirdPartyLeadStatus: boolean;
  LastLeadDateTime: string | null;
  HMProStoreAmount: number;
  HMProStoreTransferEnabled: boolean;
  FirstName: string;
  LastName: string;
  LastLoginDateTime: string | null;
  TerminationDate: string | null;
  Status: 0 | 1;
  Priority: number;
  CreditLine: number;
}

export function toAccountDto({ profile, balanceCents, creditLineCents }: AgentAccount): AccountDto {
  return {
    AgentId: profile.agentId,
    Zip: profile.zip,
    ZipCodeSetStatus: profile.zipStatus,
    TimeZone: profile.timeZone ?? null,
    Type: profile.type,
    CurrentBalance: centsToDollars(balanceCents),
    OrderStatus: profile.orderStatus,
    // Live transfer displays as Paused whenever the account is paused (spec part 1 §4).
    LiveTransferStatus: profile.orderStatus === 0 ? 0 : profile.liveTransferStatus,
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
