// Open Orders (part 3 §2, §3, §7): the Active fund orders buying from a fund (or any fund: the all-zero
// GUID) in a state (or any state), never a scan. One state: the open-orders index (OrderTarget
// `OPEN_ORDERS#{state}`, sparse: Active orders only). All states (#91a): the all-states list
// (OpenFundOrder, one item per Active fund order) by agent on its key and by created, last update and
// order number on its indexes, so a page of every fund reads its offset's keys and its own 25; one fund
// reads the list filtered by fund. Sorted by agent unless asked; descending is the exact reverse.
import { Fund } from '#entities/fund.ts';
import { OpenFundOrder, openFundOrderCounts, type OpenFundOrderBucketed, type OpenFundOrderCounts } from '#entities/open-fund-order.ts';
import { Order } from '#entities/order.ts';
import { OrderTarget } from '#entities/order-target.ts';
import { queryPage, type Expr } from '#platform/db.ts';
import { getMany, type EntityQuery, type Ref } from '#platform/entity.ts';
import { ALL_FUNDS_ID, ALL_STATES, type OpenOrderRowDto, type OpenOrderSortColumn } from '#shared/api/reports-performance.ts';
import { mapLimit, reportDate, toCsv, writeReportCsv, type ReportFile } from './performance-export.ts';

const HEADERS_AT_ONCE = 4;

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

/** The matching open orders of one state, one per order, by agent and order id. */
async function matches(filter: OpenOrdersFilter): Promise<Match[]> {
  const found = await OrderTarget.query.openInState(filter.state).all({ filter: fundFilter(filter.fundId) });
  const byOrder = new Map<string, Match>();
  for (const t of found) if (t.active) byOrder.set(t.orderId, { orderId: t.orderId, agentId: t.agentId });
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

/** Orders by one value, ties by agent and order id; descending is the exact reverse (as an index read backwards). */
function sortByValue<T extends { agentId: string; orderId: string }>(orders: readonly T[], value: (o: T) => string | number, descending: boolean): T[] {
  const sign = descending ? -1 : 1;
  return [...orders].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    const c = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
    return sign * (c || a.agentId.localeCompare(b.agentId) || a.orderId.localeCompare(b.orderId));
  });
}

function sortHeaders(orders: Order[], column: OpenOrderSortColumn, descending: boolean): Order[] {
  return sortByValue(orders, SORT_VALUE[column], descending);
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

/** A sorted read of the all-states list, and the attribute its items keep the order's funds in. */
interface ListRead {
  query: EntityQuery<Listed>;
  fundsAttribute: 'fundIds' | 'selectedFundIds';
  /** Whether the count shards hold buckets of this order (else a skip counts from the nearer end). */
  bucketed: boolean;
}

/**
 * The all-states list's read for a sort column, when it has one (the order name sorts in memory): the
 * list items by agent, created, last update and number; the headers themselves (#91b: the engine's
 * sale moves them) by lead count and last lead time.
 */
function listQuery(column: OpenOrderSortColumn): ListRead | undefined {
  const list = (query: ListRead['query']): ListRead => ({ query, fundsAttribute: 'fundIds', bucketed: true });
  const headersBy = (query: ListRead['query']): ListRead => ({ query, fundsAttribute: 'selectedFundIds', bucketed: false });
  switch (column) {
    case 'AgentId':
      return list(OpenFundOrder.query.byAgent());
    case 'Created':
      return list(OpenFundOrder.query.byCreated());
    case 'LastUpdated':
      return list(OpenFundOrder.query.byLastUpdated());
    case 'UserFacingOrderId':
      return list(OpenFundOrder.query.byOrderNumber());
    case 'LeadCount':
      return headersBy(Order.query.openByLeadCount());
    case 'LastLeadDate':
      return headersBy(Order.query.openByLastLead());
    default:
      return undefined;
  }
}

const LIST_KEYS = ['orderId', 'agentId', 'description'] as const;
type Listed = { orderId: string; agentId: string; description: string };

function fundsFilter(read: Pick<ListRead, 'fundsAttribute'>, fundId: string): Expr | undefined {
  return fundId === ALL_FUNDS_ID ? undefined : { expression: 'contains(#fundIds, :fund)', names: { '#fundIds': read.fundsAttribute }, values: { ':fund': fundId } };
}

/** Every open fund order of the list (one fund's, filtered), in the query's order, a few fields each. */
async function listAll(read: ListRead, fundId: string, newestFirst: boolean): Promise<Listed[]> {
  const filter = fundsFilter(read, fundId);
  const out: Listed[] = [];
  let cursor: string | undefined;
  do {
    const page = await queryPage({ ...read.query.key, newestFirst, projection: LIST_KEYS, ...(filter ? { filter } : {}), ...(cursor ? { cursor } : {}) });
    for (const item of page.items) out.push(item as Listed);
    cursor = page.cursor;
  } while (cursor);
  return out;
}

/** The first `needed` orders of the list (one fund's, filtered) from one end, a few fields each. */
async function collect(read: ListRead, fundId: string, newestFirst: boolean, needed: number): Promise<Listed[]> {
  const filter = fundsFilter(read, fundId);
  const out: Listed[] = [];
  let cursor: string | undefined;
  while (out.length < needed) {
    // Unfiltered, Limit is exact; filtered, read a few hundred keys a round rather than a whole MB.
    const limit = filter ? Math.max(200, (needed - out.length) * 4) : needed - out.length;
    const page = await queryPage({ ...read.query.key, newestFirst, limit, projection: LIST_KEYS, ...(filter ? { filter } : {}), ...(cursor ? { cursor } : {}) });
    for (const item of page.items) out.push(item as Listed);
    cursor = page.cursor;
    if (!cursor) break;
  }
  return out.slice(0, needed);
}

/**
 * A page of the all-states list in an indexed order. TotalCount is the list's sharded count (no
 * count of the list); the page is read from the nearer end: every fund skips its offset by a key
 * count, one fund reads its matches from that end.
 */
async function listedPage(filter: OpenOrdersFilter, paging: OpenOrdersPaging, descending: boolean): Promise<{ ids: Listed[]; totalCount: number } | undefined> {
  const read = listQuery(paging.sortColumnName);
  if (!read) return undefined;
  const counts = await openFundOrderCounts(filter.fundId === ALL_FUNDS_ID ? undefined : filter.fundId, read.bucketed ? (paging.sortColumnName as OpenFundOrderBucketed) : undefined);
  const totalCount = counts.total;
  const start = (paging.page - 1) * paging.pageSize;
  if (start >= totalCount) return { ids: [], totalCount };
  const end = Math.min(start + paging.pageSize, totalCount);
  // From the far end the page is rows totalCount - end .. totalCount - start, reversed.
  const fromFarEnd = start > totalCount - end;
  const direction = fromFarEnd ? !descending : descending;
  const skip = fromFarEnd ? totalCount - end : start;
  const take = end - start;
  let ids: Listed[];
  if (filter.fundId !== ALL_FUNDS_ID) ids = (await collect(read, filter.fundId, direction, skip + take)).slice(skip);
  else if (skip === 0) ids = await collect(read, ALL_FUNDS_ID, direction, take);
  else ids = await bucketPage(read.query, counts, direction, skip, take);
  return { ids: fromFarEnd ? ids.reverse() : ids, totalCount };
}

/** Over every fund: from the bucket holding the row `skip` (in `direction`), skipping only that bucket's earlier keys. */
async function bucketPage(query: ListRead['query'], counts: OpenFundOrderCounts, newestFirst: boolean, skip: number, take: number): Promise<Listed[]> {
  // Shards without buckets (written before them, or a sort they do not count): the whole list is one bucket.
  const all: [string, number][] = counts.buckets.length ? counts.buckets : [['', counts.total]];
  const buckets = newestFirst ? [...all].reverse() : all;
  let before = 0;
  let at = 0;
  while (at < buckets.length - 1 && before + buckets[at]![1] <= skip) before += buckets[at++]![1];
  const bucket = buckets[at]![0];
  // Every key of the bucket starts with it; \uffff sorts after any character a key holds.
  const slice = bucket === '' ? query : query.within(newestFirst ? { lte: `${bucket}\uffff` } : { gte: bucket });
  const inner = skip - before;
  const skipped = inner > 0 ? await slice.count({ limit: inner, newestFirst }) : undefined;
  if (skipped && !skipped.cursor) return [];
  return (await queryPage({ ...slice.key, newestFirst, limit: take, projection: LIST_KEYS, ...(skipped?.cursor ? { cursor: skipped.cursor } : {}) })).items as Listed[];
}

/**
 * One page. One state: the state's open-orders partition, then (by agent) the page's headers or
 * (another column) every matching header. All states: the all-states list, read in the asked order
 * from its item's or its header's index; the order name sorts the whole list in memory.
 */
export async function openOrdersPage(filter: OpenOrdersFilter, paging: OpenOrdersPaging): Promise<OpenOrdersPage> {
  const descending = paging.sortOrder === 'desc' || paging.sortOrder === 'true';
  const start = (paging.page - 1) * paging.pageSize;
  if (filter.state === ALL_STATES) {
    const listed = await listedPage(filter, paging, descending);
    if (listed) {
      const pageOrders = await headers(listed.ids);
      return { rows: await rowsOf(pageOrders), totalCount: listed.totalCount, pages: Math.ceil(listed.totalCount / paging.pageSize) };
    }
    // The order name: the list's names sorted here.
    const all = await listAll(listQuery('AgentId')!, filter.fundId, false);
    const sorted = sortByValue(all, (o) => o.description.toLowerCase(), descending);
    const pageOrders = await headers(sorted.slice(start, start + paging.pageSize));
    return { rows: await rowsOf(pageOrders), totalCount: all.length, pages: Math.ceil(all.length / paging.pageSize) };
  }
  const list = await matches(filter);
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
  const list = filter.state === ALL_STATES ? await listAll(listQuery('AgentId')!, filter.fundId, false) : await matches(filter);
  const rows = await rowsOf(await headers(list));
  const csv = toCsv(
    CSV_COLUMNS,
    rows.map((r) => [r.AgentId, r.UserFacingOrderId, r.OrderName, r.Funds, r.States, r.LeadCount, r.LastLeadDate ? reportDate(r.LastLeadDate) : '', reportDate(r.Created), reportDate(r.LastUpdated)]),
  );
  return writeReportCsv('OpenOrders', csv, now);
}
