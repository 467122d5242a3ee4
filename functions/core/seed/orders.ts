// Demo orders (issue 10): both kinds for the demo agents, with distributions to the sponsor's
// downline, states-only and zip geographies, restricted schedules, caps, every status, and one order
// flagged for each attention cause (a terminated recipient, a recipient who left the downline, an
// Active order with a switched-off fund). Built as the save would store them (header, geography,
// recipient and target items, a history snapshot and status history rows) with ids and times derived
// from the day, so a rerun the same day writes the same items.
import type { AgentProfile } from '#entities/agent-profile.ts';
import type { Downline } from '#entities/downline.ts';
import type { Fund } from '#entities/fund.ts';
import { Order } from '#entities/order.ts';
import { OrderGeo } from '#entities/order-geo.ts';
import { OrderHistory } from '#entities/order-history.ts';
import { OrderRecipient } from '#entities/order-recipient.ts';
import { OrderStatusHistory } from '#entities/order-status-history.ts';
import { OrderTarget } from '#entities/order-target.ts';
import { fundReceivesLeads } from '#shared/orders/step-funds.ts';
import { ATTENTION_REASONS, DAYS, ORDER_STATUS, ORDER_STATUS_LABELS, type AttentionReason, type DayName, type OrderStatus } from '#shared/orders/order.ts';
import { DEMO_AGENT_IDS } from './demo-users.ts';
import { stableId } from './ids.ts';

/** The first user-facing order number handed out (the ORDER_NUMBER counter starts above the seed's). */
export const FIRST_ORDER_NUMBER = 100_000;
const HOUR = 3_600_000;
const WEEKDAYS: DayName[] = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];

interface DemoOrder {
  name: string;
  owner: string;
  status: OrderStatus;
  funds?: string[];
  campaigns?: { campaign: string; vendors: string[] }[];
  states?: string[];
  /** Zip mode: groups of zips with their state. */
  zips?: { key: string; state: string; zips: string[] }[];
  caps: [number, number, number, number];
  recipients: [string, number][];
  slots: { start: number; end: number; days: DayName[] }[];
  /** Hours before the start of the seed day. */
  age: number;
}

export interface SeedOrdersInput {
  today: Date;
  agents: AgentProfile[];
  downline: Downline[];
  funds: Fund[];
  names: { campaigns: Map<string, string>; vendors: Map<string, string> };
}

export function seedOrders({ today, agents, downline, funds, names }: SeedOrdersInput): { items: Record<string, unknown>[]; orderIds: string[]; orders: number; lastNumber: number } {
  const byId = new Map(agents.map((a) => [a.agentId, a]));
  const below = (ancestorId: string) => downline.filter((d) => d.ancestorId === ancestorId);
  const sponsorTeam = below(DEMO_AGENT_IDS.sponsor);
  const termedInTeam = sponsorTeam.find((d) => d.status === 0)?.descendantId;
  const outsider = agents.find((a) => a.status === 1 && a.agentId !== DEMO_AGENT_IDS.sponsor && !sponsorTeam.some((d) => d.descendantId === a.agentId))?.agentId;
  const fund = (code: string) => stableId('fund', code);
  const campaign = (code: string) => stableId('campaign', code);
  const vendor = (code: string) => stableId('vendor', code);
  const S = DEMO_AGENT_IDS;
  const allDay = [{ start: 0, end: 48, days: [...DAYS] }];

  const demo: DemoOrder[] = [
    { name: 'Texas Medicare Team', owner: S.sponsor, status: ORDER_STATUS.Active, funds: [fund('MED-SH'), fund('HLTH-EX')], states: ['TX', 'OK'], caps: [2, 10, 40, 120], recipients: [[S.sponsor, 60], [S.captive, 25], [S.fundPreview, 15]], slots: [{ start: 16, end: 36, days: WEEKDAYS }], age: 240 },
    {
      name: 'Chicago Health Zips', owner: S.sponsor, status: ORDER_STATUS.Paused, funds: [fund('HLTH-EX')],
      zips: [{ key: 'Area 606', state: 'IL', zips: ['60601', '60602', '60603', '60604', '60605', '60606', '60607'] }, { key: 'Zip Codes', state: 'WI', zips: ['53202'] }],
      caps: [0, 5, 0, 60], recipients: [[S.sponsor, 100]], slots: [{ start: 18, end: 34, days: ['Saturday', 'Sunday'] }, { start: 36, end: 44, days: WEEKDAYS }], age: 200,
    },
    { name: 'Web Health (older wizard)', owner: S.sponsor, status: ORDER_STATUS.Active, campaigns: [{ campaign: campaign('HWL'), vendors: [vendor('ACME'), vendor('BLUE')] }], states: ['IL', 'WI', 'IN'], caps: [1, 8, 0, 0], recipients: [[S.sponsor, 80], [S.captive, 20]], slots: allDay, age: 150 },
    { name: 'Life Quotes Cancelled', owner: S.sponsor, status: ORDER_STATUS.Cancelled, funds: [fund('LIFE-PR')], states: ['FL'], caps: [0, 3, 15, 0], recipients: [[S.sponsor, 100]], slots: allDay, age: 300 },
    // One flagged order of each cause.
    ...(termedInTeam
      ? [{ name: 'Shared With A Former Agent', owner: S.sponsor, status: ORDER_STATUS.Active, funds: [fund('MED-SH')], states: ['AZ'], caps: [0, 6, 0, 0] as DemoOrder['caps'], recipients: [[S.sponsor, 50], [termedInTeam, 50]] as [string, number][], slots: allDay, age: 120 }]
      : []),
    ...(outsider
      ? [{ name: 'Shared Outside The Team', owner: S.sponsor, status: ORDER_STATUS.Active, funds: [fund('HLTH-EX')], states: ['GA'], caps: [0, 4, 0, 0] as DemoOrder['caps'], recipients: [[S.sponsor, 70], [outsider, 30]] as [string, number][], slots: allDay, age: 100 }]
      : []),
    { name: 'Dental Pilot', owner: S.sponsor, status: ORDER_STATUS.Active, funds: [fund('HLTH-EX'), fund('DENTAL')], states: ['CO'], caps: [0, 2, 0, 20], recipients: [[S.sponsor, 100]], slots: allDay, age: 80 },
    { name: 'My Health Leads', owner: S.captive, status: ORDER_STATUS.Active, funds: [fund('HLTH-EX')], states: ['NY', 'NJ'], caps: [1, 5, 20, 60], recipients: [[S.captive, 100]], slots: [{ start: 18, end: 40, days: WEEKDAYS }], age: 60 },
    { name: 'Medicare Inbound', owner: S.captive, status: ORDER_STATUS.Paused, campaigns: [{ campaign: campaign('MIB'), vendors: [vendor('ACME'), vendor('NWD')] }], states: ['NY'], caps: [0, 4, 0, 0], recipients: [[S.captive, 100]], slots: allDay, age: 50 },
    { name: 'Employer Groups West', owner: S.broker, status: ORDER_STATUS.Active, funds: [fund('EMP-GR')], states: ['CA', 'OR', 'WA'], caps: [0, 3, 10, 30], recipients: [[S.broker, 100]], slots: [{ start: 16, end: 34, days: WEEKDAYS }], age: 40 },
    { name: 'Family Health', owner: S.firstFamily, status: ORDER_STATUS.Active, funds: [fund('FF-HLTH')], states: ['OH'], caps: [0, 5, 0, 0], recipients: [[S.firstFamily, 100]], slots: allDay, age: 30 },
    { name: 'Pilot Preview', owner: S.fundPreview, status: ORDER_STATUS.Active, funds: [fund('PILOT')], states: ['MI'], caps: [0, 2, 0, 0], recipients: [[S.fundPreview, 100]], slots: allDay, age: 20 },
    // Live-transfer calls from the demo vendor: the order a ping of docs/intake-api.md finds (the
    // sponsor also has an active live-transfer phone, seed/index.ts); a live-transfer order has one recipient.
    { name: 'Live Transfer Calls', owner: S.sponsor, status: ORDER_STATUS.Active, campaigns: [{ campaign: campaign('MLT'), vendors: [vendor('ACME')] }], states: ['IL'], caps: [0, 20, 0, 0], recipients: [[S.sponsor, 100]], slots: allDay, age: 10 },
  ];

  const fundsById = new Map(funds.map((f) => [f.fundId, f]));
  const day = today.toISOString().slice(0, 10);
  const items: Record<string, unknown>[] = [];
  const orderIds: string[] = [];
  let number = FIRST_ORDER_NUMBER;
  for (const d of demo) {
    const owner = byId.get(d.owner);
    if (!owner) continue;
    const orderId = stableId('order', `${d.owner}/${d.name}`);
    const createdAt = new Date(today.getTime() - d.age * HOUR).toISOString();
    const lastUpdated = new Date(today.getTime() - (d.age / 2) * HOUR).toISOString();
    const statesOnly = !d.zips;
    const targets = new Map<string, string[]>(statesOnly ? (d.states ?? []).map((s) => [s, []]) : []);
    for (const group of d.zips ?? []) targets.set(group.state, [...(targets.get(group.state) ?? []), ...group.zips]);
    const others = d.recipients.filter(([id, pct]) => id !== d.owner && pct > 0).map(([id]) => id);
    const reasons = new Set<AttentionReason>();
    if (owner.status === 0 || others.some((id) => byId.get(id)?.status !== 1)) reasons.add('Terminated');
    if (others.some((id) => !downline.some((x) => x.ancestorId === d.owner && x.descendantId === id))) reasons.add('Reassigned');
    if (d.status === ORDER_STATUS.Active && (d.funds ?? []).some((id) => { const f = fundsById.get(id); return !f || !fundReceivesLeads({ FundId: id, IsActive: f.isActive, StartDate: f.startDate, EndDate: f.endDate }, day); }))
      reasons.add('FundsInactive');
    const order: Order = {
      orderId,
      userFacingOrderId: ++number,
      agentId: d.owner,
      createdAt,
      lastUpdated,
      modifiedBy: owner.email,
      description: d.name,
      status: d.status,
      priority: owner.priority,
      isFundOrder: d.funds !== undefined,
      statesOnly,
      maxPerHour: d.caps[0],
      maxPerDay: d.caps[1],
      maxPerWeek: d.caps[2],
      maxPerMonth: d.caps[3],
      selectedFundIds: d.funds ?? [],
      campaigns: (d.campaigns ?? []).map((c) => ({ campaignId: c.campaign, vendorIds: c.vendors })),
      recipients: d.recipients.map(([agentId, percentage]) => ({ agentId, firstName: byId.get(agentId)?.firstName ?? '', lastName: byId.get(agentId)?.lastName ?? '', percentage })),
      slots: d.slots.map((s, i) => ({ slotId: String(i + 1), startSlot: s.start, endSlot: s.end, days: s.days })),
      stateCount: targets.size,
      zipCodeCount: (d.zips ?? []).reduce((sum, g) => sum + g.zips.length, 0),
      targetStates: [...targets.keys()].sort(),
      ...(owner.parentAgentId ? { ownerParentId: owner.parentAgentId } : {}),
      attention: ATTENTION_REASONS.filter((r) => reasons.has(r)),
      receivedCounts: {},
      leadCount: 0,
      revision: 1,
      createDigest: stableId('order-digest', orderId),
    };
    items.push(Order.toItem(order));
    items.push(OrderGeo.toItem({ orderId, states: statesOnly ? (d.states ?? []) : [], zipGroups: (d.zips ?? []).map((g) => ({ key: g.key, zips: g.zips })) }));
    for (const agentId of others) items.push(OrderRecipient.toItem({ orderId, agentId, ownerId: d.owner, percentage: d.recipients.find(([id]) => id === agentId)![1] }));
    const campaignVendors = (d.campaigns ?? []).flatMap((c) => c.vendors.map((v) => `${c.campaign}#${v}`));
    for (const [state, zips] of targets)
      items.push(OrderTarget.toItem({ orderId, agentId: d.owner, state, fundIds: d.funds ?? [], campaignVendors, zips, active: d.status === ORDER_STATUS.Active, revision: 1 }));
    orderIds.push(orderId);
    items.push(
      OrderHistory.toItem({
        orderId,
        historyId: stableId('order-history', orderId),
        lastUpdated: createdAt,
        status: ORDER_STATUS_LABELS[ORDER_STATUS.Active],
        modifiedBy: owner.email,
        primary: `${owner.firstName} ${owner.lastName} (${owner.agentId})`,
        description: d.name,
        maxPerHour: d.caps[0],
        maxPerDay: d.caps[1],
        maxPerWeek: d.caps[2],
        maxPerMonth: d.caps[3],
        funds: (d.funds ?? []).map((id) => fundsById.get(id)?.name ?? id),
        campaigns: (d.campaigns ?? []).map((c) => `${names.campaigns.get(c.campaign) ?? c.campaign} (${c.vendors.map((v) => names.vendors.get(v) ?? v).join(', ')})`),
        zipCodes: (d.zips ?? []).flatMap((g) => g.zips),
        states: statesOnly ? (d.states ?? []) : [],
      }),
    );
    const steps: [OrderStatus | undefined, OrderStatus, string][] = [[undefined, ORDER_STATUS.Active, createdAt]];
    if (d.status !== ORDER_STATUS.Active) steps.push([ORDER_STATUS.Active, d.status, lastUpdated]);
    for (const [i, [from, to, at]] of steps.entries())
      items.push(
        OrderStatusHistory.toItem({
          orderId,
          statusHistoryId: stableId('order-status', `${orderId}/${i}`),
          updateDate: at,
          userName: owner.email,
          previousState: from === undefined ? '' : ORDER_STATUS_LABELS[from],
          newStatus: ORDER_STATUS_LABELS[to],
          description: from === undefined ? 'Order created' : to === ORDER_STATUS.Cancelled ? 'Order cancelled' : 'Order paused',
        }),
      );
  }
  return { items, orderIds, orders: number - FIRST_ORDER_NUMBER, lastNumber: number };
}
