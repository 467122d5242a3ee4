// Open Orders (part 3 §2, §3, §7): the Active fund orders buying from a fund (or any fund: the all-zero
// GUID) in a state (or any state), through the open-orders index (OrderTarget `OPEN_ORDERS#{state}`,
// sparse: Active orders only), never a scan. "All states" queries each state's partition, a few at a
// time; an order in several states is one row. Sorted by agent (the index's own order) unless asked.
import { Fund } from '#entities/fund.ts';
import { Order } from '#entities/order.ts';
import { OrderTarget } from '#entities/order-target.ts';
import type { Expr } from '#platform/db.ts';
import { getMany, type Ref } from '#platform/entity.ts';
import { US_STATES } from '#shared/lookups.ts';
import { ALL_FUNDS_ID, ALL_STATES, type OpenOrderRowDto, type OpenOrderSortColumn } from '#shared/api/reports-performance.ts';
import { mapLimit, reportDate, toCsv, writeReportCsv, type ReportFile } from './performance-export.ts';

const STATES_AT_ONCE = 8;
const HEADERS_AT_ONCE = 4;
const STATE_CODES = US_STATES.map((s) => s.StateAbbreviation);

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

interface Match {
  orderId: string;
  agentId: string;
}

/** Fund orders only: the report is of orders "from funds"; campaign orders buy from no fund. */
function fundFilter(fundId: string): Expr {
  return fundId === ALL_FUNDS_ID
    ? { expression: 'size(#fundIds) > :none', names: { '#fundIds': 'fundIds' }, values: { ':none': 0 } }
    : { expression: 'contains(#fundIds, :fund)', names: { '#fundIds': 'fundIds' }, values: { ':fund': fundId } };
}

/** The matching open orders, one per order, by agent and order id. */
async function matches(filter: OpenOrdersFilter): Promise<Match[]> {
  const states = filter.state === ALL_STATES ? STATE_CODES : [filter.state];
  const found = await mapLimit(states, STATES_AT_ONCE, (state) => OrderTarget.query.openInState(state).all({ filter: fundFilter(filter.fundId) }));
  const byOrder = new Map<string, Match>();
  for (const t of found.flat()) if (t.active) byOrder.set(t.orderId, { orderId: t.orderId, agentId: t.agentId });
  return [...byOrder.values()].sort((a, b) => a.agentId.localeCompare(b.agentId) || a.orderId.localeCompare(b.orderId));
}

/** The order headers, 100 keys a BatchGetItem, a few at a time; an order no longer Active is left out. */
async function headers(list: Match[]): Promise<Order[]> {
  const chunks: Match[][] = [];
  for (let i = 0; i < list.length; i += 100) chunks.push(list.slice(i, i + 100));
  const read = await mapLimit(chunks, HEADERS_AT_ONCE, async (chunk) => {
    const refs: Record<string, Ref<Order>> = {};
    for (const m of chunk) refs[m.orderId] = Order.ref({ orderId: m.orderId });
    const got = (await getMany(refs)) as Record<string, Order | undefined>;
    return chunk.map((m) => got[m.orderId]).filter((o): o is Order => o !== undefined && o.status === 1);
  });
  return read.flat();
}

const SORT_VALUE: Record<OpenOrderSortColumn, (o: Order) => string | number> = {
  AgentId: (o) => o.agentId,
  UserFacingOrderId: (o) => o.userFacingOrderId,
  OrderName: (o) => o.description.toLowerCase(),
  LeadCount: (o) => o.leadCount,
  LastLeadDate: (o) => o.lastLeadAt ?? '',
  Created: (o) => o.createdAt,
  LastUpdated: (o) => o.lastUpdated,
};

function sortHeaders(orders: Order[], column: OpenOrderSortColumn, descending: boolean): Order[] {
  const value = SORT_VALUE[column];
  const sign = descending ? -1 : 1;
  return [...orders].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    const c = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
    return sign * c || a.agentId.localeCompare(b.agentId) || a.orderId.localeCompare(b.orderId);
  });
}

async function rowsOf(orders: Order[]): Promise<OpenOrderRowDto[]> {
  const fundIds = [...new Set(orders.flatMap((o) => o.selectedFundIds))];
  const refs: Record<string, Ref<Fund>> = {};
  for (const id of fundIds) refs[id] = Fund.ref({ fundId: id });
  const funds = fundIds.length ? ((await getMany(refs)) as Record<string, Fund | undefined>) : {};
  return orders.map((o) => ({
    AgentId: o.agentId,
    UserFacingOrderId: o.userFacingOrderId,
    OrderName: o.description,
    Funds: o.selectedFundIds.map((id) => funds[id]?.name ?? id).join(', '),
    States: [...o.targetStates].sort().join(', '),
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

/**
 * One page. By agent (the default) only the page's headers are read; another sort column needs every
 * matching header (100 a BatchGetItem), which the count of Active orders in the choice bounds.
 */
export async function openOrdersPage(filter: OpenOrdersFilter, paging: OpenOrdersPaging): Promise<OpenOrdersPage> {
  const descending = paging.sortOrder === 'desc' || paging.sortOrder === 'true';
  const list = await matches(filter);
  const start = (paging.page - 1) * paging.pageSize;
  let pageOrders: Order[];
  let totalCount = list.length;
  if (paging.sortColumnName === 'AgentId') {
    const ordered = descending ? [...list].reverse() : list;
    pageOrders = await headers(ordered.slice(start, start + paging.pageSize));
  } else {
    const all = sortHeaders(await headers(list), paging.sortColumnName, descending);
    totalCount = all.length;
    pageOrders = all.slice(start, start + paging.pageSize);
  }
  return { rows: await rowsOf(pageOrders), totalCount, pages: Math.ceil(totalCount / paging.pageSize) };
}

const CSV_COLUMNS = ['Agent ID', 'Order ID', 'Order Name', 'Funds', 'States', 'Lead Count', 'Last Lead Date', 'Created', 'Last Updated'] as const;

/** Every matching order as CSV, by agent; dates MM/DD/YYYY. */
export async function exportOpenOrders(filter: OpenOrdersFilter, now = new Date()): Promise<ReportFile> {
  const rows = await rowsOf(await headers(await matches(filter)));
  const csv = toCsv(
    CSV_COLUMNS,
    rows.map((r) => [r.AgentId, r.UserFacingOrderId, r.OrderName, r.Funds, r.States, r.LeadCount, r.LastLeadDate ? reportDate(r.LastLeadDate) : '', reportDate(r.Created), reportDate(r.LastUpdated)]),
  );
  return writeReportCsv('OpenOrders', csv, now);
}
