// What the transaction table shows for one page (spec part 1 §2.5): the range's starting balance row
// before the first transaction, the ending balance row after the last, and the count line.
import type { TransactionRow, TransactionsPage } from './api/get-transactions.ts';

export type TableRow =
  | { kind: 'transaction'; id: string; row: TransactionRow }
  | { kind: 'balance'; id: 'starting' | 'ending'; label: 'Starting Balance' | 'Ending Balance'; agentId: string; balance: number };

/**
 * The balance rows frame the whole range, not each page: the starting row opens the first page and
 * the ending row closes the last one (both show on an empty range).
 */
export function tableRows(page: TransactionsPage): TableRow[] {
  const lastPage = Math.max(1, Math.ceil(page.TotalCount / page.PageSize));
  const rows: TableRow[] = page.Transactions.map((row, index) => ({
    kind: 'transaction',
    // Entries carry no id on the wire; their time and place on the page identify them.
    id: `${page.Page}:${index}:${row.TimeStamp}`,
    row,
  }));
  const balanceRow = (id: 'starting' | 'ending', balance: number): TableRow => ({
    kind: 'balance',
    id,
    label: id === 'starting' ? 'Starting Balance' : 'Ending Balance',
    agentId: page.AgentId,
    balance,
  });
  return [
    ...(page.Page === 1 ? [balanceRow('starting', page.StartingBalance)] : []),
    ...rows,
    ...(page.Page >= lastPage ? [balanceRow('ending', page.EndingBalance)] : []),
  ];
}

/** Spec part 1 §2.5: "a count of transactions found or 'No transactions found'". */
export function countLine(total: number): string {
  if (total === 0) return 'No transactions found';
  return `${total} ${total === 1 ? 'transaction' : 'transactions'} found`;
}

/** '26 - 50 of 60': which transactions of the range this page shows. */
export function pagerText(page: Pick<TransactionsPage, 'Page' | 'PageSize' | 'TotalCount'>): string {
  if (page.TotalCount === 0) return '';
  const from = (page.Page - 1) * page.PageSize + 1;
  return `${from} - ${Math.min(page.Page * page.PageSize, page.TotalCount)} of ${page.TotalCount}`;
}
