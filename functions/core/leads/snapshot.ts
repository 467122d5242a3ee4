// The candidate snapshot the lead engine decides on (decide.ts `CandidateRow`): every Active order that
// covers a state, with its target there, its owner's facets and place, the owner's balance and whether
// its split recipients take leads. The engine holds a state's rows of the projector's view in memory
// (entities/candidate-row.ts, views/candidates-view.ts): each lead asks the state's shard versions (one
// consistent BatchGet) and reads again only the rows the projector names as changed since, or a whole
// shard when a reader is further behind than the version item remembers (views/held-shards.ts); the
// view lags the facts by the projector's lag, which the sale's conditions make safe. A shard that moved
// only by sales (its soft version) is read again beside the lead, which decides on the rows held with
// this process's own sales over them: another process's sales reach it one read later, and a candidate
// they changed is caught by the sale's conditions and judged again on its facts (`freshRow`). The same rows are
// made from the facts here, for the view and for a candidate whose sale found it changed (`freshRow`).
import { zipIndex } from '#core/address/zip-lookup.ts';
import { AgentProfile } from '#entities/agent-profile.ts';
import { Balance } from '#entities/balance.ts';
import { heldShards, type HeldRead } from '#core/views/held-shards.ts';
import { CANDIDATE_SHARDS, CandidateRow as CandidateItem, CandidateShardVersion } from '#entities/candidate-row.ts';
import { Order } from '#entities/order.ts';
import { OrderTarget } from '#entities/order-target.ts';
import { getMany, type Ref } from '#platform/entity.ts';
import type { ItemKey } from '#platform/item-key.ts';
import { usageWithOneMore } from '#core/orders/periods.ts';
import { takesZip, type CandidateRow, type Offer } from './decide.ts';
import { kept, onForget } from '#platform/held.ts';

/** The recipients of an order with a share, other than its owner. */
const sharers = (order: Pick<Order, 'recipients' | 'agentId'>) => order.recipients.filter((r) => r.percentage > 0 && r.agentId !== order.agentId).map((r) => r.agentId);

/** The compact row of an order in a state, made from its facts as read now (none: order, target or owner gone). */
export async function rowsFromFacts(wanted: readonly { orderId: string; agentId: string; state: string }[]): Promise<(CandidateItem | undefined)[]> {
  if (wanted.length === 0) return [];
  const refs: Record<string, Ref<unknown>> = {};
  for (const w of wanted) {
    refs[`o:${w.orderId}`] = Order.ref({ orderId: w.orderId });
    refs[`t:${w.orderId}#${w.state}`] = OrderTarget.ref({ orderId: w.orderId, state: w.state });
    refs[`p:${w.agentId}`] = AgentProfile.ref({ agentId: w.agentId });
    refs[`b:${w.agentId}`] = Balance.ref({ agentId: w.agentId });
  }
  const [read, zips] = await Promise.all([getMany(refs, { consistent: true }) as Promise<Record<string, unknown>>, zipIndex()]);
  const others = [...new Set(wanted.flatMap((w) => (read[`o:${w.orderId}`] ? sharers(read[`o:${w.orderId}`] as Order) : [])))];
  const recipients = others.length ? await getMany(Object.fromEntries(others.map((id) => [id, AgentProfile.ref({ agentId: id })])), { consistent: true }) : {};
  return wanted.map((w) => {
    const order = read[`o:${w.orderId}`] as Order | undefined;
    const target = read[`t:${w.orderId}#${w.state}`] as OrderTarget | undefined;
    const owner = read[`p:${w.agentId}`] as AgentProfile | undefined;
    if (!order || !target || !owner) return undefined;
    const place = owner.zip ? zips.find(owner.zip) : undefined;
    const balance = read[`b:${w.agentId}`] as Balance | undefined;
    return {
      state: w.state,
      order: rowOrder(order),
      target: picked(target, ['zips', 'fundIds', 'campaignVendors', 'active', 'revision']),
      owner: { ...picked(owner, ['agentId', 'status', 'orderStatus', 'type', 'priority', 'timeZone', 'liveTransferStatus', 'thirdPartyLeadStatus']), ...(place ? { place: { latitude: place.latitude, longitude: place.longitude } } : {}) },
      ...(balance ? { balance: rowBalance(balance) } : {}),
      recipientsActive: Object.fromEntries(sharers(order).map((id) => [id, takesLeads(recipients[id] as AgentProfile | undefined)])),
    };
  });
}

/** A split recipient takes leads while active (part 2 §6) and while their account's order status is Active (their Leads toggle; paused, they are "not purchasing leads"). */
const takesLeads = (profile: Pick<AgentProfile, 'status' | 'orderStatus'> | undefined) => profile?.status === 1 && profile.orderStatus === 1;

/** What a row holds of the order's header. */
export const rowOrder = (o: Order) => picked(o, ['orderId', 'userFacingOrderId', 'agentId', 'status', 'isFundOrder', 'selectedFundIds', 'campaigns', 'recipients', 'slots', 'maxPerHour', 'maxPerDay', 'maxPerWeek', 'maxPerMonth', 'receivedCounts', 'leadCount', 'lastLeadAt', 'usage', 'revision']);

/** What a row holds of the owner's balance (what the sale's debit needs). */
export const rowBalance = (b: Balance) => picked(b, ['agentId', 'balanceCents', 'creditLineCents', 'version', 'updatedAt', 'firstName', 'lastName', 'leadsStopped']);

/** The named attributes of an item that it has. */
function picked<T extends object, K extends keyof T>(item: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.filter((k) => item[k] !== undefined).map((k) => [k, item[k]])) as Pick<T, K>;
}

/** Rows a page of a shard read beside the answers holds. */
const BEHIND_PAGE = 25;
/** The whole shards being read beside the answers, one after another across states. */
let behindReads: Promise<unknown> = Promise.resolve();
onForget(() => {
  behindReads = Promise.resolve();
});

/**
 * A whole shard read beside the answers (a ping's: `wholeLate`): in small pages, and one shard at a
 * time in this process, so the requests that answer callers meanwhile wait behind one page at most.
 */
function readBehind(query: ReturnType<typeof CandidateItem.query.ofShard>): Promise<CandidateRow[]> {
  const read = behindReads.then(() => query.all({ consistent: true, pageSize: BEHIND_PAGE }));
  behindReads = read.catch(() => undefined);
  return read;
}

/** The states' rows held by this process, each refreshed by its shards' versions. */
const heldStates = kept(new Map<string, (read?: HeldRead) => Promise<CandidateRow[]>>());

const heldState = (state: string) =>
  heldShards({
    shards: CANDIDATE_SHARDS,
    versionKey: (shard) => CandidateShardVersion.key({ state, shard }),
    versionOf: (item) => {
      const v = CandidateShardVersion.parse(item);
      return { shard: v.shard, version: v.version, soft: v.sales, changes: v.changes };
    },
    readShard: (shard, behind) => (behind ? readBehind(CandidateItem.query.ofShard(state, shard)) : CandidateItem.query.ofShard(state, shard).all({ consistent: true })),
    rows: {
      id: (row) => row.order.orderId,
      read: async (ids) => Object.values(await getMany(Object.fromEntries(ids.map(({ id }) => [id, CandidateItem.ref({ state, order: { orderId: id } })])), { consistent: true })).filter((row) => row !== undefined),
    },
    build: (rows: CandidateRow[]) => rows,
  });

/**
 * The snapshot of a state: the view's rows (the Active orders covering it) as of the versions the
 * projector has raised (`ahead`: as read ahead), with this process's own sales over them; `zip`: only
 * the rows whose target takes it (the whole state, or a list naming it), the rest could not buy.
 */
export async function candidatesIn(state: string, how: HeldRead & { zip?: string } = {}): Promise<CandidateRow[]> {
  let read = heldStates.get(state);
  if (!read) heldStates.set(state, (read = heldState(state)));
  const rows = await read(how);
  return (how.zip === undefined ? rows : rows.filter((row) => takesZip(row, how.zip!))).map(soldHere.over);
}

/** The keys of a state's shard versions, to be read ahead with a request's other reads. */
export const candidateVersionKeys = (state: string): ItemKey[] => Array.from({ length: CANDIDATE_SHARDS }, (_, shard) => CandidateShardVersion.key({ state, shard }));

/** Entries kept of this process's own sales (the oldest go first). */
const SOLD_KEPT = 5_000;

/**
 * This process's own sales over the view's rows until the projector has applied them: an order's
 * header after its sale here replaces a row with a lower lead count, the buyer's balance after it a
 * row with a lower version (both only grow), so the next lead ranks the order as served and charges the
 * balance as it is. It never replaces a row that follows it, so it is never staler than the view.
 */
export const soldHere = {
  orders: new Map<string, CandidateRow['order']>(),
  balances: new Map<string, NonNullable<CandidateRow['balance']>>(),
  note(offer: Offer, at: string, balance: NonNullable<CandidateRow['balance']>): void {
    const o = offer.row.order;
    const order = { ...o, leadCount: o.leadCount + 1, lastLeadAt: at, receivedCounts: { ...o.receivedCounts, [offer.recipientId]: (o.receivedCounts[offer.recipientId] ?? 0) + 1 }, usage: usageWithOneMore(o.usage, offer.periods) };
    for (const [map, key, value] of [[this.orders, o.orderId, order], [this.balances, balance.agentId, balance]] as const) {
      (map as Map<string, unknown>).delete(key);
      (map as Map<string, unknown>).set(key, value);
      if (map.size > SOLD_KEPT) map.delete(map.keys().next().value!);
    }
  },
  over(row: CandidateRow): CandidateRow {
    const order = soldHere.orders.get(row.order.orderId);
    const balance = row.balance && soldHere.balances.get(row.balance.agentId);
    if (!(order && order.leadCount > row.order.leadCount) && !(balance && balance.version > row.balance!.version)) return row;
    return {
      ...row,
      ...(order && order.leadCount > row.order.leadCount ? { order } : {}),
      ...(balance && balance.version > row.balance!.version ? { balance } : {}),
    };
  },
};

/** One candidate read again now from its facts (a sale found it changed). */
export async function freshRow(orderId: string, agentId: string, state: string): Promise<CandidateRow | undefined> {
  return (await rowsFromFacts([{ orderId, agentId, state }]))[0];
}
