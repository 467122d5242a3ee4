// Backfill of the Open Orders all-states list (#91a, with its headers' sorted keys #91b) and the Internal Leads day counts (#92a) for a
// deployment whose orders and form leads were written before those items existed. Reads by index,
// never a scan: every state's open-orders partition, and each contract's form leads.
import { ContractMap } from '#entities/contract-map.ts';
import { InternalLeadDay } from '#entities/internal-lead-day.ts';
import { OpenFundOrder, openFundOrderCountItems, openFundOrderOf } from '#entities/open-fund-order.ts';
import { Order } from '#entities/order.ts';
import { OrderTarget } from '#entities/order-target.ts';
import { PublicFormLead } from '#entities/public-form-lead.ts';
import { batchPut, ConditionFailed, transactWrite } from '#platform/db.ts';
import { reportDay } from '#platform/keys.ts';
import { US_STATES } from '#shared/lookups.ts';

/**
 * Puts the list item of every Active fund order and its header's sorted keys, while the header is
 * still as read (an order saved, switched or sold meanwhile wrote its own: it is left as it is); then,
 * for the whole list (no `only`), writes the count shards from the list as it stands. Run it before
 * order saves resume (a save between the list read and the shards' write would be counted twice or
 * not at all). Safe to run again.
 */
export async function backfillOpenFundOrders(only?: readonly string[]): Promise<{ orders: number; listed: number }> {
  const ids = new Set<string>(only);
  if (!only) for (const s of US_STATES) for (const t of await OrderTarget.query.openInState(s.StateAbbreviation).all()) ids.add(t.orderId);
  let listed = 0;
  for (const orderId of ids) {
    const order = await Order.get({ orderId }, { consistent: true });
    const item = order && openFundOrderOf(order);
    if (!order || !item) continue;
    try {
      await transactWrite([
        // The header's own sorted keys by lead count and last lead (#91b): written by setting its status
        // again, while no save, status change or sale has moved it since the read.
        Order.patchTx(
          { orderId },
          { set: { status: order.status } },
          { current: order, condition: { expression: '#rev = :rev AND leadCount = :leads', names: { '#rev': 'revision' }, values: { ':rev': order.revision, ':leads': order.leadCount } } },
        ),
        OpenFundOrder.putTx(item),
      ]);
      listed++;
    } catch (error) {
      if (!(error instanceof ConditionFailed)) throw error;
    }
  }
  if (!only) await batchPut(openFundOrderCountItems(await OpenFundOrder.query.byAgent().all({ consistent: true })));
  return { orders: ids.size, listed };
}

/**
 * Adds to each source's day counts the form leads received before `before` (the moment the writer
 * that counts each lead was deployed; later leads counted themselves). Run once per deployment.
 */
export async function backfillInternalLeadDays(before: string, only?: readonly string[]): Promise<{ sources: number; leads: number }> {
  let leads = 0;
  const contracts = only ? only.map((contractId) => ({ contractId })) : await ContractMap.query.all().all();
  for (const c of contracts) {
    const perDay = new Map<string, number>();
    for (const l of await PublicFormLead.query.bySource(c.contractId, '0', before).all()) {
      perDay.set(reportDay(l.receivedAt), (perDay.get(reportDay(l.receivedAt)) ?? 0) + 1);
      leads++;
    }
    for (const [day, count] of perDay) await InternalLeadDay.patch({ source: c.contractId, day }, { add: { count } }, { upsert: true });
  }
  return { sources: contracts.length, leads };
}

// `npx tsx functions/core/reports/report-lists-backfill.ts <ISO time the counting writer was deployed>`;
// needs TABLE_NAME (and DYNAMODB_ENDPOINT locally, or AWS credentials).
if (import.meta.url === `file://${process.argv[1]}`) {
  const before = process.argv[2];
  if (!before || Number.isNaN(Date.parse(before))) throw new Error('Give the ISO time the lead-counting writer was deployed');
  console.log('Open fund orders:', await backfillOpenFundOrders());
  console.log('Internal lead days:', await backfillInternalLeadDays(new Date(before).toISOString()));
}
