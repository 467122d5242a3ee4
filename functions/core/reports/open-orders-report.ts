// Open Orders (part 3 §2, §3, §7): the Active fund orders buying from a fund (or any fund: the all-zero
// GUID) in a state (or any state). Served from the open-orders view held in memory
// (open-orders-snapshot.ts): filtered by fund and state, sorted and paged there, so every sort (the
// lead count and last lead included, which the projector takes from the sales' header changes), page
// and total costs one version check plus the shards that moved. Sorted by agent unless asked; ties by
// agent and order id; descending is the exact reverse.
import { Fund } from '#entities/fund.ts';
import type { OpenOrderRow } from '#entities/open-order-row.ts';
import { getMany, type Ref } from '#platform/entity.ts';
import { ALL_FUNDS_ID, ALL_STATES, type OpenOrderRowDto, type OpenOrderSortColumn } from '#shared/api/reports-performance.ts';
import { csvText } from '#shared/csv.ts';
import { reportDate, writeReportCsv, type ReportFile } from './performance-export.ts';
import { openOrdersSnapshot, type OpenOrdersSnapshot } from './open-orders-snapshot.ts';

export interface OpenOrdersFilter {
  fundId: string;
  /** A state code, or 'all'. */
  state: string;
}

export interface OpenOrdersPaging {
  page: number;
  pageSize: number;
  sortColumnName: OpenOrderSortColumn;
  sortOrder: 'asc' | 'desc' | 'true' | 'false';
}

const SORT_VALUE: Record<OpenOrderSortColumn, (o: OpenOrderRow) => string | number> = {
  AgentId: (o) => o.agentId,
  UserFacingOrderId: (o) => o.userFacingOrderId,
  OrderName: (o) => o.description.toLowerCase(),
  LeadCount: (o) => o.leadCount,
  LastLeadDate: (o) => o.lastLeadAt ?? '',
  Created: (o) => o.createdAt,
  LastUpdated: (o) => o.lastUpdated,
};

/** Every open order by one column, ascending, ties by agent and order id: once per snapshot and column. */
function sorted(snapshot: OpenOrdersSnapshot, column: OpenOrderSortColumn): readonly OpenOrderRow[] {
  return snapshot.derived(`sort:${column}`, () => {
    const value = SORT_VALUE[column];
    return [...snapshot.rows].sort((a, b) => {
      const x = value(a);
      const y = value(b);
      const c = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
      return c || a.agentId.localeCompare(b.agentId) || a.orderId.localeCompare(b.orderId);
    });
  });
}

/** The matching orders in the asked order. */
async function matching(filter: OpenOrdersFilter, column: OpenOrderSortColumn, descending: boolean): Promise<OpenOrderRow[]> {
  const all = sorted(await openOrdersSnapshot(), column);
  const wanted = all.filter((o) => (filter.fundId === ALL_FUNDS_ID || o.fundIds.includes(filter.fundId)) && (filter.state === ALL_STATES || o.states.includes(filter.state)));
  return descending ? wanted.reverse() : wanted;
}

async function rowsOf(orders: readonly OpenOrderRow[]): Promise<OpenOrderRowDto[]> {
  const fundIds = [...new Set(orders.flatMap((o) => o.fundIds))];
  const refs: Record<string, Ref<Fund>> = {};
  for (const id of fundIds) refs[id] = Fund.ref({ fundId: id });
  const funds = fundIds.length ? ((await getMany(refs)) as Record<string, Fund | undefined>) : {};
  return orders.map((o) => ({
    AgentId: o.agentId,
    UserFacingOrderId: o.userFacingOrderId,
    OrderName: o.description,
    Funds: o.fundIds.map((id) => funds[id]?.name ?? id).join(', '),
    States: o.states.join(', '),
    LeadCount: o.leadCount,
    LastLeadDate: o.lastLeadAt ?? null,
    Created: o.createdAt,
    LastUpdated: o.lastUpdated,
  }));
}

export interface OpenOrdersPage {
  rows: OpenOrderRowDto[];
  totalCount: number;
  pages: number;
}

/** One page, with the matching orders' count and pages. */
export async function openOrdersPage(filter: OpenOrdersFilter, paging: OpenOrdersPaging): Promise<OpenOrdersPage> {
  const descending = paging.sortOrder === 'desc' || paging.sortOrder === 'true';
  const list = await matching(filter, paging.sortColumnName, descending);
  const start = (paging.page - 1) * paging.pageSize;
  return { rows: await rowsOf(list.slice(start, start + paging.pageSize)), totalCount: list.length, pages: Math.ceil(list.length / paging.pageSize) };
}

const CSV_COLUMNS = ['Agent ID', 'Order ID', 'Order Name', 'Funds', 'States', 'Lead Count', 'Last Lead Date', 'Created', 'Last Updated'] as const;

/** Every matching order as CSV, by agent; dates MM/DD/YYYY. */
export async function exportOpenOrders(filter: OpenOrdersFilter, now = new Date()): Promise<ReportFile> {
  const rows = await rowsOf(await matching(filter, 'AgentId', false));
  const csv = csvText(
    CSV_COLUMNS,
    rows.map((r) => [r.AgentId, r.UserFacingOrderId, r.OrderName, r.Funds, r.States, r.LeadCount, r.LastLeadDate ? reportDate(r.LastLeadDate) : '', reportDate(r.Created), reportDate(r.LastUpdated)]),
  );
  return writeReportCsv('OpenOrders', csv, now);
}
