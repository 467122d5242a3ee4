// My Account's transaction page as the API shows it (spec part 1 §3 Transaction row): PascalCase,
// dollars at the edge.
import type { LedgerEntry } from '#entities/ledger-entry.ts';
import type { TransactionsPage as LedgerPage } from '#core/money/transactions-view.ts';
import type { TransactionRowDto, TransactionsPageDto } from '#shared/api/account.ts';
import { centsToDollars } from '#shared/money.ts';

export function toTransactionRow(entry: LedgerEntry): TransactionRowDto {
  const balance = centsToDollars(entry.balanceAfterCents);
  return {
    AgentId: entry.agentId,
    TimeStamp: entry.at,
    Description: entry.description,
    Type: entry.type,
    AmountCleared: centsToDollars(entry.creditCents - entry.debitCents),
    Credit: centsToDollars(entry.creditCents),
    Debit: centsToDollars(entry.debitCents),
    RunningTotal: balance,
    EndingBalance: balance,
  };
}

export function toTransactionsPage(p: LedgerPage): TransactionsPageDto {
  return {
    AgentId: p.agentId,
    StartDate: p.startDate,
    EndDate: p.endDate,
    TimeZone: p.timeZone,
    StartingBalance: centsToDollars(p.startingCents),
    EndingBalance: centsToDollars(p.endingCents),
    TotalCount: p.totalCount,
    Page: p.page,
    PageSize: p.pageSize,
    TotalPages: Math.ceil(p.totalCount / p.pageSize),
    Transactions: p.entries.map(toTransactionRow),
    ...(p.nextCursor ? { NextCursor: p.nextCursor } : {}),
  };
}
