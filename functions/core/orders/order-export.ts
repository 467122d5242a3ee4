// The CSV export of My Orders (spec part 2 §2): the agent's fund orders or older orders as the list
// shows them, written to the exports bucket and answered with a five-minute download link, as the
// transactions export does (functions/core/money/transactions-view.ts).
import { randomUUID } from 'node:crypto';
import { AgentProfile } from '#entities/agent-profile.ts';
import { bucket as configuredBucket } from '#platform/config.ts';
import { presignDownload, putFile } from '#platform/s3.ts';
import { ORDER_CARD_TEXTS, ORDER_STATUS_LABELS, slotLabel } from '#shared/orders/order.ts';
import { csvFileName, csvText } from '#shared/csv.ts';
import { DEFAULT_TIME_ZONE, isKnownTimeZone, TIME_ZONES, zonedFormat } from '#shared/time-zones.ts';
import { listOrderViews, type OrderView } from './read-orders.ts';

export const ORDER_EXPORT_URL_SECONDS = 300;

const COLUMNS = [
  'Order Id', 'Name', 'Status', 'Created', 'Last Updated', 'Modified By', 'Funds', 'Lead Types', 'States', 'Zip Codes',
  'Max Per Hour', 'Max Per Day', 'Max Per Week', 'Max Per Month', 'Used Per Hour', 'Used Per Day', 'Used Per Week', 'Used Per Month',
  'Distribution', 'Schedule', 'Needs Attention',
] as const;

export interface OrdersExport {
  url: string;
  fileName: string;
}

export async function exportOrders(agentId: string, opts: { fund: boolean; includeCancelled: boolean }, now = new Date()): Promise<OrdersExport> {
  const [views, profile] = await Promise.all([listOrderViews(agentId, { activeOnly: !opts.includeCancelled }, now), AgentProfile.get({ agentId })]);
  const zone = TIME_ZONES[isKnownTimeZone(profile?.timeZone) ? profile.timeZone : DEFAULT_TIME_ZONE];
  const rows = views.filter((v) => v.order.isFundOrder === opts.fund).map((v) => row(v, zone));
  const csv = csvText(COLUMNS, rows);
  // 'orders-{MM-DD-YYYY}.csv' in the account's zone (2§9 CSV file names).
  const fileName = csvFileName('orders', now, zone);
  const key = `orders/${agentId}/${randomUUID()}/${fileName}`;
  const bucket = configuredBucket('EXPORTS_BUCKET');
  await putFile({ bucket, key, body: csv, contentType: 'text/csv; charset=utf-8', fileName });
  return { url: await presignDownload({ bucket, key, fileName, expiresInSeconds: ORDER_EXPORT_URL_SECONDS }), fileName };
}

/** M/D/YYYY, h:mm:ss A in the account's zone (2§9). */
function shown(iso: string, zone: string): string {
  return zonedFormat(zone, 'dateTime').format(new Date(iso)).replace(',', '');
}

function row({ order, used, catalogue, attention }: OrderView, zone: string): (string | number)[] {
  return [
    order.userFacingOrderId,
    order.description,
    ORDER_STATUS_LABELS[order.status],
    shown(order.createdAt, zone),
    shown(order.lastUpdated, zone),
    order.modifiedBy,
    order.selectedFundIds.map((id) => catalogue.funds.get(id)?.name ?? id).join('; '),
    order.campaigns.map((c) => catalogue.campaigns.get(c.campaignId)?.name ?? c.campaignId).join('; '),
    order.stateCount,
    order.zipCodeCount,
    order.maxPerHour,
    order.maxPerDay,
    order.maxPerWeek,
    order.maxPerMonth,
    used.HOUR,
    used.DAY,
    used.WEEK,
    used.MONTH,
    order.recipients.map((r) => `${r.firstName} ${r.lastName} (${r.agentId}) ${r.percentage}%`).join('; '),
    order.slots.map((s) => `${s.days.join(' ')} ${slotLabel(s.startSlot)}-${slotLabel(s.endSlot)}`).join('; '),
    attention.map((a) => ORDER_CARD_TEXTS[a]).join('; '),
  ];
}
