// Saving an order, both flows (spec part 2 §4 Saving, §5, §6, §7): the body was parsed by the route's
// contract (every context-free step rule); here the rules that need the database run (funds that
// receive leads and are offered to the agent, current campaigns and vendors, the owner's downline,
// live transfer), and then the whole order is ONE transaction: the header (created under
// attribute_not_exists, updated under the revision read), its geography, a history snapshot, a status
// history row on create or a status change, one recipient item per sharing agent other than the
// owner, and one routing target per state, with the deletes of the recipients and states it no longer
// has. ORDER_LIMITS keeps that under DynamoDB's 100 items. Nothing derived joins it: the Open Orders
// report's rows follow from the header's stream record (views/open-orders-view.ts).
import { createHash } from 'node:crypto';
import { AgentProfile } from '#entities/agent-profile.ts';
import { Downline } from '#entities/downline.ts';
import { Order } from '#entities/order.ts';
import { OrderGeo } from '#entities/order-geo.ts';
import { OrderHistory } from '#entities/order-history.ts';
import { OrderRecipient } from '#entities/order-recipient.ts';
import { OrderStatusHistory } from '#entities/order-status-history.ts';
import { OrderTarget } from '#entities/order-target.ts';
import { nextCounterValueFromBlock } from '#entities/counter.ts';
import { findZip } from '#core/address/zip-lookup.ts';
import { ConditionFailed, sleep, transactWrite, TransactionConflict, MAX_TRANSACTION_ITEMS, type TxItem } from '#platform/db.ts';
import { getMany } from '#platform/entity.ts';
import { Conflict, Forbidden, NotFound, ValidationFailed } from '#platform/errors.ts';
import type { SessionUser } from '#platform/session-user.ts';
import { fundVisibleToAgent } from '#shared/funds.ts';
import { US_STATES } from '#shared/lookups.ts';
import {
  isAllowedStatusChange,
  ORDER_SERVER_MESSAGES,
  ORDER_STATUS,
  ORDER_STATUS_LABELS,
  ORDER_WIZARD_TEXTS,
  toDays,
  type AttentionReason,
  type DayName,
  type OrderStatus,
} from '#shared/orders/order.ts';
import type { CampaignOrderInput, FundOrderInput } from '#shared/orders/payload.ts';
import { distributionMessages } from '#shared/orders/step-distribution.ts';
import { fundsStepMessage } from '#shared/orders/step-funds.ts';
import { REGION_MESSAGES } from '#shared/orders/step-regions.ts';
import { isCurrent } from '#core/catalogue/campaign-dates.ts';
import { fundState, readOrderCatalogue, type OrderCatalogue } from './catalogue.ts';
import { companyDay } from '#shared/time-zones.ts';
import { assertMaySaveOrder, assertMaySetStatus } from './order-access.ts';
import { historySnapshot, statusHistoryRow } from './histories.ts';

/** FLAG_NEW_FUND_ORDER_FOR_STAFF, the flag behind New Fund Order for managers and support (me/settings.ts reads the same). */
const staffMayCreateFundOrders = process.env.FLAG_NEW_FUND_ORDER_FOR_STAFF === 'true';

const STATE_NAMES = new Map<string, string>(US_STATES.map((s) => [s.StateAbbreviation, s.StateName]));

/** What both flows save, in one shape. */
interface OrderDraft {
  flow: 'fund' | 'campaign';
  orderId: string;
  description: string;
  statesOnly: boolean;
  states: string[];
  zipGroups: { key: string; zips: string[] }[];
  caps: { maxPerHour: number; maxPerDay: number; maxPerWeek: number; maxPerMonth: number };
  recipients: { AgentId: string; Percentage: number }[];
  slots: { startSlot: number; endSlot: number; days: DayName[] }[];
  fundIds: string[];
  campaigns: { campaignId: string; vendorIds: string[] }[];
  revision?: number;
  /** Campaign PATCH only: the status the wizard sends back. */
  status?: OrderStatus;
  digest: string;
}

export interface SaveOutcome {
  order: Order;
  created: boolean;
}

const digestOf = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('base64url');

export function fundDraft(body: FundOrderInput): OrderDraft {
  const { Revision, ...rest } = body;
  return {
    flow: 'fund',
    orderId: body.OrderId,
    description: body.Description,
    statesOnly: body.StatesOnly,
    states: body.States.map((s) => s.StateAbbreviation),
    zipGroups: body.ZipCodes.map((g) => ({ key: g.Key, zips: g.ZipCodes.map((z) => z.ZipCode) })),
    caps: { maxPerHour: body.MaxPerHour, maxPerDay: body.MaxPerDay, maxPerWeek: body.MaxPerWeek, maxPerMonth: body.MaxPerMonth },
    recipients: body.OrderRecipients,
    slots: body.OrderTimeSlots.map((s) => ({ startSlot: s.StartSlot!, endSlot: s.EndSlot!, days: [...new Set(s.Days)] })),
    fundIds: body.SelectedFunds,
    campaigns: [],
    ...(Revision !== undefined ? { revision: Revision } : {}),
    digest: digestOf(rest),
  };
}

export function campaignDraft(body: CampaignOrderInput): OrderDraft {
  const { Revision, Created: _c, LastUpdated: _l, Status, ...rest } = body;
  return {
    flow: 'campaign',
    orderId: body.OrderId,
    description: body.Description,
    statesOnly: body.StatesOnly,
    states: body.States.map((s) => s.StateAbbreviation),
    zipGroups: body.ZipCodes.map((g) => ({ key: g.Key, zips: g.ZipCodes.map((z) => z.ZipCode) })),
    caps: { maxPerHour: body.MaxPerHour, maxPerDay: body.MaxPerDay, maxPerWeek: body.MaxPerWeek, maxPerMonth: body.MaxPerMonth },
    recipients: body.OrderRecipients,
    slots: body.OrderTimeSlots.map((s) => ({ startSlot: s.StartSlot!, endSlot: s.EndSlot!, days: toDays(s) })),
    fundIds: [],
    campaigns: body.Campaigns.map((c) => ({ campaignId: c.CampaignId, vendorIds: [...new Set(c.VendorIds)] })),
    ...(Revision !== undefined ? { revision: Revision } : {}),
    ...(Status !== undefined ? { status: Status } : {}),
    digest: digestOf(rest),
  };
}

/** Create (POST): answers the saved order; a replay of the same create answers it again. */
export async function createOrder(user: SessionUser, ownerId: string, draft: OrderDraft, now = new Date()): Promise<SaveOutcome> {
  assertMaySaveOrder(user, ownerId, { flow: draft.flow, creating: true, staffMayCreateFundOrders });
  const existing = await Order.get({ orderId: draft.orderId }, { consistent: true });
  if (existing) return replay(existing, ownerId, draft);
  const context = await readContext(ownerId, draft, user.flags.isAdmin, now);
  const order = await buildOrder(user, ownerId, draft, context, undefined, now);
  const items = saveItems(user, order, draft, context, undefined, now);
  for (let attempt = 1; ; attempt++) {
    try {
      await transactWrite(items);
      return { order, created: true };
    } catch (error) {
      // A transaction meeting another on one of its items: nothing was written, try again.
      if (error instanceof TransactionConflict && attempt < SAVE_ATTEMPTS) {
        await sleep(Math.random() * 25 * attempt);
        continue;
      }
      // Two copies of one create racing: the first wrote the header, the second answers what it wrote.
      if (!(error instanceof ConditionFailed)) throw error;
      const raced = await Order.get({ orderId: draft.orderId }, { consistent: true });
      if (!raced) throw error;
      return replay(raced, ownerId, draft);
    }
  }
}

function replay(existing: Order, ownerId: string, draft: OrderDraft): SaveOutcome {
  if (existing.agentId !== ownerId || existing.createDigest !== draft.digest) throw new Conflict(ORDER_SERVER_MESSAGES.orderIdTaken);
  return { order: existing, created: false };
}

/** Update (PATCH campaign flow, PUT fund flow) at the revision the wizard loaded. */
export async function updateOrder(user: SessionUser, ownerId: string, draft: OrderDraft, now = new Date()): Promise<SaveOutcome> {
  assertMaySaveOrder(user, ownerId, { flow: draft.flow, creating: false, staffMayCreateFundOrders });
  if (draft.revision === undefined) throw new ValidationFailed(ORDER_SERVER_MESSAGES.revisionRequired);
  const [read, oldRecipients] = await Promise.all([
    Order.get({ orderId: draft.orderId }, { consistent: true }),
    OrderRecipient.query.ofOrder(draft.orderId).all({ consistent: true }),
  ]);
  let stored = read;
  if (!stored || stored.agentId !== ownerId) throw new NotFound(ORDER_SERVER_MESSAGES.notFound);
  if (stored.isFundOrder !== (draft.flow === 'fund')) throw new ValidationFailed(ORDER_SERVER_MESSAGES.wrongFlow(stored.isFundOrder));
  if (stored.revision !== draft.revision) throw new Conflict(ORDER_WIZARD_TEXTS.stale);
  if (draft.status !== undefined && draft.status !== stored.status) {
    if (!isAllowedStatusChange(stored.status, draft.status))
      throw new ValidationFailed(ORDER_SERVER_MESSAGES.statusChange(ORDER_STATUS_LABELS[stored.status], ORDER_STATUS_LABELS[draft.status]));
    // Changing the status needs what the status call needs.
    if (!user.permissions.includes('CAN_ACTIVATE_ORDERS')) throw new Forbidden();
  }
  const context = await readContext(ownerId, draft, user.flags.isAdmin, now);
  if (draft.status !== undefined && draft.status !== stored.status) assertMaySetStatus(user, ownerId, stored.status, draft.status, context.owner.role);
  // The lead engine's sales move the header's lead counts without a revision: a sale landing between
  // the read and the write refuses the save (it would put back the counts read), which then starts
  // again from the header as it is now; so does a transaction conflict (a sale at the same moment).
  // Another save or status change
  // meanwhile stays the stale-order conflict.
  for (let attempt = 1; ; attempt++) {
    const order = await buildOrder(user, ownerId, draft, context, stored, now);
    try {
      await transactWrite(saveItems(user, order, draft, context, { order: stored, recipients: oldRecipients.map((r) => r.agentId) }, now));
      return { order, created: false };
    } catch (err) {
      if (!(err instanceof Conflict) || attempt === SAVE_ATTEMPTS) throw err;
      const fresh = await Order.get({ orderId: draft.orderId }, { consistent: true });
      if (!fresh || fresh.revision !== stored.revision) throw err;
      if (err instanceof TransactionConflict) await sleep(Math.random() * 25 * attempt);
      else if (fresh.leadCount === stored.leadCount) throw err;
      stored = fresh;
    }
  }
}

/**
 * Order numbers are taken from the counter this many at a time per process: unique, one counter write
 * per block instead of one per order, at the price of gaps (a process's unused rest) and numbers not in
 * creation order across processes.
 */
const ORDER_NUMBER_BLOCK = 10;

/** Saves tried while only sales (or a transaction conflict) came between the read and the write. */
const SAVE_ATTEMPTS = 3;

interface SaveContext {
  owner: AgentProfile;
  catalogue: OrderCatalogue;
  /** Profiles of the recipients other than the owner. */
  profiles: Map<string, AgentProfile>;
  /** Targets by state: the zips taken there (empty = whole state). */
  targets: Map<string, string[]>;
  liveTransfer: boolean;
}

/** Everything the rules read, at once: owner, recipients and their place in the owner's downline, the catalogue, the zips. */
async function readContext(ownerId: string, draft: OrderDraft, anyFund: boolean, now: Date): Promise<SaveContext> {
  const others = [...new Set(draft.recipients.filter((r) => r.AgentId !== ownerId).map((r) => r.AgentId))];
  const refs: Record<string, ReturnType<typeof AgentProfile.ref> | ReturnType<typeof Downline.ref>> = { owner: AgentProfile.ref({ agentId: ownerId }) };
  for (const id of others) {
    refs[`p:${id}`] = AgentProfile.ref({ agentId: id });
    refs[`d:${id}`] = Downline.ref({ ancestorId: ownerId, descendantId: id });
  }
  const [found, catalogue, targets] = await Promise.all([
    getMany(refs, { consistent: true }),
    readOrderCatalogue({ funds: draft.flow === 'fund', campaigns: draft.flow === 'campaign' }),
    targetsOf(draft),
  ]);
  const owner = found.owner as AgentProfile | undefined;
  if (!owner) throw new NotFound(ORDER_SERVER_MESSAGES.agentNotFound);
  const profiles = new Map<string, AgentProfile>();
  const downline: { AgentId: string; Status: number }[] = [];
  for (const id of others) {
    const profile = found[`p:${id}`] as AgentProfile | undefined;
    if (profile) profiles.set(id, profile);
    if (profile && found[`d:${id}`]) downline.push({ AgentId: id, Status: profile.status });
  }

  const messages: string[] = [];
  let liveTransfer = false;
  if (draft.flow === 'fund') {
    // Funds must exist, receive leads today and be offered to the agent (admins may pick any fund, as their list is unfiltered).
    const offered = [...catalogue.funds.values()].filter((f) => fundVisibleToAgent(f, { agentId: owner.agentId, type: owner.type }, companyDay(now)) || anyFund);
    const problem = fundsStepMessage(draft.fundIds, offered.map(fundState), companyDay(now));
    if (problem) messages.push(problem);
    liveTransfer = draft.fundIds.some((id) => catalogue.funds.get(id)?.isLiveTransfer);
  } else {
    const nowIso = now.toISOString();
    for (const choice of draft.campaigns) {
      const campaign = catalogue.campaigns.get(choice.campaignId);
      const serves = campaign && (campaign.channel === 'Both' || (campaign.channel === 'Broker' ? owner.type === 1 : owner.type !== 1));
      if (!campaign || campaign.status !== 1 || !isCurrent(campaign, nowIso) || !serves) {
        messages.push(ORDER_SERVER_MESSAGES.campaignUnavailable);
        continue;
      }
      if (campaign.isLiveTransfer) liveTransfer = true;
      if (choice.vendorIds.some((v) => !catalogue.pairs.has(`${choice.campaignId}#${v}`) || catalogue.vendors.get(v)?.status !== 1))
        messages.push(ORDER_SERVER_MESSAGES.vendorUnavailable);
    }
  }
  messages.push(...distributionMessages(draft.recipients, { ownerId, agents: downline, liveTransfer, flow: draft.flow }));
  if (messages.length > 0) throw new ValidationFailed([...new Set(messages)]);
  return { owner, catalogue, profiles, targets, liveTransfer };
}

/** The routing targets: every state (states-only), or each zip's state with its zips; unknown zips are refused. */
async function targetsOf(draft: OrderDraft): Promise<Map<string, string[]>> {
  const targets = new Map<string, string[]>();
  if (draft.statesOnly) {
    for (const state of draft.states) targets.set(state, []);
    return targets;
  }
  const zips = [...new Set(draft.zipGroups.flatMap((g) => g.zips))];
  const places = await Promise.all(zips.map((zip) => findZip(zip)));
  for (const [i, zip] of zips.entries()) {
    const state = places[i]?.state;
    if (!state || !STATE_NAMES.has(state)) throw new ValidationFailed(REGION_MESSAGES.invalidZip);
    const list = targets.get(state);
    if (list) list.push(zip);
    else targets.set(state, [zip]);
  }
  return targets;
}

async function buildOrder(user: SessionUser, ownerId: string, draft: OrderDraft, context: SaveContext, stored: Order | undefined, now: Date): Promise<Order> {
  const at = now.toISOString();
  const name = (id: string) => (id === ownerId ? context.owner : context.profiles.get(id));
  const attention: AttentionReason[] = context.owner.status === 0 ? ['Terminated'] : [];
  const zipCount = draft.statesOnly ? 0 : new Set(draft.zipGroups.flatMap((g) => g.zips)).size;
  return {
    orderId: draft.orderId,
    userFacingOrderId: stored?.userFacingOrderId ?? (await nextCounterValueFromBlock('ORDER_NUMBER', 100_000, ORDER_NUMBER_BLOCK)),
    agentId: ownerId,
    createdAt: stored?.createdAt ?? at,
    lastUpdated: at,
    modifiedBy: user.email,
    description: draft.description,
    // A new order is Active (2§3); only an update may carry a status (the campaign PATCH).
    status: stored ? (draft.status ?? stored.status) : ORDER_STATUS.Active,
    priority: stored?.priority ?? context.owner.priority,
    isFundOrder: draft.flow === 'fund',
    statesOnly: draft.statesOnly,
    ...draft.caps,
    selectedFundIds: draft.fundIds,
    campaigns: draft.campaigns,
    recipients: draft.recipients.map((r) => ({ agentId: r.AgentId, firstName: name(r.AgentId)?.firstName ?? '', lastName: name(r.AgentId)?.lastName ?? '', percentage: r.Percentage })),
    slots: draft.slots.map((s, i) => ({ slotId: String(i + 1), startSlot: s.startSlot, endSlot: s.endSlot, days: s.days })),
    stateCount: draft.statesOnly ? draft.states.length : context.targets.size,
    zipCodeCount: zipCount,
    targetStates: [...context.targets.keys()].sort(),
    ...(context.owner.parentAgentId ? { ownerParentId: context.owner.parentAgentId } : {}),
    // A save checks the distribution against today's downline, so it clears Reassigned; funds were
    // checked too. Only a terminated owner keeps a flag.
    attention,
    receivedCounts: stored?.receivedCounts ?? {},
    leadCount: stored?.leadCount ?? 0,
    ...(stored?.lastLeadAt ? { lastLeadAt: stored.lastLeadAt } : {}),
    ...(stored?.usage ? { usage: stored.usage } : {}),
    revision: stored ? stored.revision + 1 : 1,
    createDigest: stored?.createDigest ?? draft.digest,
  };
}

function saveItems(
  user: SessionUser,
  order: Order,
  draft: OrderDraft,
  context: SaveContext,
  before: { order: Order; recipients: string[] } | undefined,
  now: Date,
): TxItem[] {
  const items: TxItem[] = [];
  const stale = () => new Conflict(ORDER_WIZARD_TEXTS.stale);
  items.push(
    before
      ? Order.putTx(order, {
          // The counts and usage the engine's sales set are put back as read: only while no sale came meanwhile.
          condition: {
            expression: `#rev = :rev AND ${before.order.leadCount === 0 ? '(attribute_not_exists(#leads) OR #leads = :leads)' : '#leads = :leads'}`,
            names: { '#rev': 'revision', '#leads': 'leadCount' },
            values: { ':rev': before.order.revision, ':leads': before.order.leadCount },
          },
          orFail: stale,
        })
      : Order.createTx(order),
  );
  items.push(OrderGeo.putTx({ orderId: order.orderId, states: draft.statesOnly ? draft.states : [], zipGroups: draft.statesOnly ? [] : draft.zipGroups }));
  const zips = draft.statesOnly ? [] : [...new Set(draft.zipGroups.flatMap((g) => g.zips))];
  items.push(OrderHistory.createTx(historySnapshot(order, draft.statesOnly ? draft.states : [], context.owner, context.catalogue, zips)));
  if (!before || before.order.status !== order.status)
    items.push(OrderStatusHistory.createTx(statusHistoryRow(order.orderId, user.email, before?.order.status, order.status, before ? 'Status changed in the order wizard' : 'Order created', now)));

  const sharing = new Map(draft.recipients.filter((r) => r.AgentId !== order.agentId && r.Percentage > 0).map((r) => [r.AgentId, r.Percentage]));
  for (const [agentId, percentage] of sharing) items.push(OrderRecipient.putTx({ orderId: order.orderId, agentId, ownerId: order.agentId, percentage }));
  for (const agentId of before?.recipients ?? []) if (!sharing.has(agentId)) items.push(OrderRecipient.deleteTx({ orderId: order.orderId, agentId }));

  const campaignVendors = draft.campaigns.flatMap((c) => c.vendorIds.map((v) => `${c.campaignId}#${v}`));
  for (const [state, zips] of context.targets)
    items.push(
      OrderTarget.putTx({ orderId: order.orderId, agentId: order.agentId, state, fundIds: draft.fundIds, campaignVendors, zips, active: order.status === ORDER_STATUS.Active, revision: order.revision }),
    );
  for (const state of before?.order.targetStates ?? []) if (!context.targets.has(state)) items.push(OrderTarget.deleteTx({ orderId: order.orderId, state }));
  if (items.length > MAX_TRANSACTION_ITEMS) throw new Error(`An order save of ${items.length} items: ORDER_LIMITS no longer fits one transaction`);
  return items;
}
