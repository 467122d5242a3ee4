// The Open Orders report's rows (entities/open-order-row.ts) from the orders' headers: each record
// puts the row as the header holds it after the write (a save, a status change, or a sale's lead count
// and last lead), or deletes it once the order is no longer an open fund order, so a record applied
// twice changes nothing and records of different orders may interleave. After a batch, each shard a
// row was written in has its version raised once, which tells the in-memory lists
// (core/reports/open-orders-snapshot.ts) to read that shard again.
import { Order } from '#entities/order.ts';
import { isOpenFundOrder, OpenOrderRow, OpenOrderShardVersion, openOrderShardOf } from '#entities/open-order-row.ts';
import { batchGet } from '#platform/db.ts';
import { entityOf, type ChangeRecord, type Item } from '#platform/stream.ts';
import { shardVersionRaiser } from './held-shards.ts';
import type { View } from './projector.ts';

/** Notes the shards written, and raises their versions once after a batch. */
const written = shardVersionRaiser((shard) => OpenOrderShardVersion.patch({ shard }, { add: { version: 1 } }, { upsert: true }));

/** The row of a header as stored, or undefined when the order is not on the report. */
function rowOf(image: Item | undefined): OpenOrderRow | undefined {
  if (!image) return undefined;
  const o = Order.parse(image);
  if (!isOpenFundOrder(o)) return undefined;
  return {
    shard: openOrderShardOf(o.orderId),
    orderId: o.orderId,
    agentId: o.agentId,
    userFacingOrderId: o.userFacingOrderId,
    description: o.description,
    fundIds: o.selectedFundIds,
    states: [...o.targetStates].sort(),
    leadCount: o.leadCount,
    ...(o.lastLeadAt ? { lastLeadAt: o.lastLeadAt } : {}),
    createdAt: o.createdAt,
    lastUpdated: o.lastUpdated,
  };
}

async function applyOrder(record: ChangeRecord): Promise<void> {
  const after = rowOf(record.newImage);
  // A change the report does not show (attention, caps, recipients' counts): nothing to write.
  if (record.oldImage && JSON.stringify(rowOf(record.oldImage)) === JSON.stringify(after)) return;
  const orderId = String((record.newImage ?? record.oldImage)?.orderId);
  const shard = openOrderShardOf(orderId);
  if (after) await OpenOrderRow.put(after);
  else await OpenOrderRow.delete({ shard, orderId });
  written.wrote(shard);
}

export const openOrdersView: View = {
  name: 'open-orders',
  sources: ['Order'],
  async apply(record) {
    if (entityOf(record) === 'Order') await applyOrder(record);
  },
  afterBatch: written.afterBatch,

};

/**
 * Writes the rows of the orders named from their headers as stored now (the seed, which writes orders
 * in bulk, so the report is whole before a projector has caught up on its stream).
 */
export async function projectOrders(orderIds: readonly string[]): Promise<void> {
  for (let i = 0; i < orderIds.length; i += 100) {
    const items = await batchGet(orderIds.slice(i, i + 100).map((orderId) => Order.key({ orderId })), { consistent: true });
    await Promise.all(items.map((item) => openOrdersView.apply({ eventId: 'seed', eventName: 'INSERT', sequenceNumber: '', keys: { pk: String(item.pk), sk: String(item.sk) }, newImage: item })));
  }
  await openOrdersView.afterBatch!();
}
