// My Account's transaction page as the API shows it (spec part 1 §3 Transaction row): PascalCase,
// dollars at the edge.
import type { LedgerEntry } from '#core/ledger.ts';
import type { TransactionsPage as LedgerPage } from '#core/transactions-view.ts';
import { centsToDollars } from '#shared/money.ts';
import type { TimeZoneName } from '#shared/time-zones.ts';

/** One row of the transaction table, money in dollars. */
export interface TransactionRow {
  AgentId: string;
  /** UTC ISO time; the browser shows it in the account's time zone. */
  TimeStamp: string;
  Description: string;
  Type: LedgerEntry['type'];
  /** The signed amount: credit positive, debit negative. */
  AmountCleared: number;
  Credit: number;
  Debit: number;
  /** The balance right after this row; EndingBalance carries the same value under the spec's other name. */
  RunningTotal: number;
  EndingBalance: number;
}

export interface TransactionsPage {
  AgentId: string;
  StartDate: string;
  EndDate: string;
  TimeZone: TimeZoneName;
  StartingBalance: number;
  EndingBalance: number;
  TotalCount: number;
  Page: number;
  PageSize: number;
  TotalPages: number;
  Transactions: TransactionRow[];
  /** Pass back as `cursor` for the next page; absent on the last page. */
  NextCursor?: string;
}

export function toTransactionRow(entry: LedgerEntry): TransactionRow {
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

export function toTransactionsPage(p: LedgerPage): TransactionsPage {
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
