// Every key shape of the single table, declared once and named after the access pattern it serves.
// docs/data-model.md is the reader's version of this file: change both together.
//
// Conventions: `pk`/`sk` on the table, `gsiNpk`/`gsiNsk` on the three overloaded indexes (all
// project ALL). Prefixes are UPPER_SNAKE entity names; times are UTC ISO-8601 strings, which sort
// as text; numbers that must sort are zero-padded; names in sort keys are lower-cased so that a
// prefix search is case-insensitive. A time range [from, to) is `between PREFIX#from and PREFIX#to`:
// every time-keyed sort key carries a `#id` suffix after the time, so an item at exactly `to`
// sorts after `PREFIX#to` and is left out, and one at exactly `from` is kept.
import type { IndexName } from './table-definition.ts';

/** The key attributes an item may carry. Absent index keys keep the item out of that (sparse) index. */
export interface ItemKeys {
  pk: string;
  sk: string;
  gsi1pk?: string;
  gsi1sk?: string;
  gsi2pk?: string;
  gsi2sk?: string;
  gsi3pk?: string;
  gsi3sk?: string;
}

/** The primary key of one item. */
export interface ItemKey {
  pk: string;
  sk: string;
}

export type SortCondition =
  | { eq: string }
  | { beginsWith: string }
  | { between: readonly [string, string] }
  | { lt: string }
  | { lte: string }
  | { gt: string }
  | { gte: string };

/** A Query's key condition: the partition (on the table or an index) and an optional sort-key test. */
export interface KeyQuery {
  index?: IndexName;
  pk: string;
  sk?: SortCondition;
}

const lower = (text: string) => text.trim().toLowerCase();
/** Zero-padded so numbers sort as text. */
export const pad = (n: number, width: number) => String(n).padStart(width, '0');
/** The half-open time range [from, to) over keys `prefix{time}#{id}`. */
const timeRange = (prefix: string, from: string, to: string): SortCondition => ({
  between: [`${prefix}${from}`, `${prefix}${to}`],
});

/**
 * Reports and daily counters use one calendar: the company's reporting time zone (Central, the
 * spec's default zone), so "May 1" means the same day for every agent in a report.
 */
export const REPORTING_TIME_ZONE = 'America/Chicago';
const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: REPORTING_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
/** YYYY-MM-DD of an instant in the reporting time zone. */
export const reportDay = (isoTime: string) => dayFormat.format(new Date(isoTime));
/** YYYY-MM of an instant in the reporting time zone. */
export const reportMonth = (isoTime: string) => reportDay(isoTime).slice(0, 7);

// ---------------------------------------------------------------------------------------------
// Identity: users and sessions (fixed by the sign-in work)

export const userKeys = {
  /** user by id (session → user), user by e-mail (sign-in), users of an agent (sales assistants). */
  item: (u: { userId: string; email: string; agentId?: string }): ItemKeys => ({
    ...userKeys.byId(u.userId),
    gsi1pk: `USER_EMAIL#${lower(u.email)}`,
    gsi1sk: 'USER',
    ...(u.agentId ? { gsi2pk: `AGENT_USERS#${u.agentId}`, gsi2sk: `USER#${u.userId}` } : {}),
  }),
  byId: (userId: string): ItemKey => ({ pk: `USER#${userId}`, sk: 'USER' }),
  byEmail: (email: string): KeyQuery => ({ index: 'gsi1', pk: `USER_EMAIL#${lower(email)}`, sk: { eq: 'USER' } }),
  ofAgent: (agentId: string): KeyQuery => ({ index: 'gsi2', pk: `AGENT_USERS#${agentId}` }),
};

export const sessionKeys = {
  /** session by id; expired sessions go by TTL (`ttl`, epoch seconds). */
  byId: (sessionId: string): ItemKey => ({ pk: `SESSION#${sessionId}`, sk: 'SESSION' }),
};

export const authStateKeys = {
  /** sign-in in flight by its OIDC state value; consumed once by the callback, expires by TTL. */
  byState: (state: string): ItemKey => ({ pk: `AUTHSTATE#${state}`, sk: 'AUTHSTATE' }),
};

// ---------------------------------------------------------------------------------------------
// The agent partition AGENT#{agentId}: profile, balance, ledger, day sums, downline, audit, ...
// Items read together (profile + balance, balance + ledger) share it.

const agentPk = (agentId: string) => `AGENT#${agentId}`;

export const agentKeys = {
  /**
   * agent by id; agent directory by name (Agents page, GET agent, GET accounts); agent directory by
   * id (SortColumnName AgentId/AccountId); Pro Store enabled agents (weekly job, sparse).
   */
  profile: (a: { agentId: string; firstName: string; lastName: string; proStoreEnabled?: boolean }): ItemKeys => ({
    ...agentKeys.profileById(a.agentId),
    gsi1pk: 'AGENTS',
    gsi1sk: `${lower(a.lastName)}#${lower(a.firstName)}#${a.agentId}`,
    gsi2pk: 'AGENTS_BY_ID',
    gsi2sk: a.agentId,
    ...(a.proStoreEnabled ? { gsi3pk: 'PROSTORE_ENABLED', gsi3sk: a.agentId } : {}),
  }),
  profileById: (agentId: string): ItemKey => ({ pk: agentPk(agentId), sk: 'PROFILE' }),
  /** Agents sorted by last name, optionally those whose last name starts with `lastNamePrefix`. */
  directoryByName: (lastNamePrefix?: string): KeyQuery => ({
    index: 'gsi1',
    pk: 'AGENTS',
    ...(lastNamePrefix ? { sk: { beginsWith: lower(lastNamePrefix) } } : {}),
  }),
  directoryById: (agentIdPrefix?: string): KeyQuery => ({
    index: 'gsi2',
    pk: 'AGENTS_BY_ID',
    ...(agentIdPrefix ? { sk: { beginsWith: agentIdPrefix } } : {}),
  }),
  proStoreEnabled: (): KeyQuery => ({ index: 'gsi3', pk: 'PROSTORE_ENABLED' }),

  /** The balance item: balanceCents, creditLineCents, version (optimistic concurrency). */
  balance: (agentId: string): ItemKey => ({ pk: agentPk(agentId), sk: 'BALANCE' }),

  /** ledger by agent and time (My Account); ledger by day across agents (Transaction History report). */
  ledgerEntry: (e: { agentId: string; at: string; entryId: string }): ItemKeys => ({
    pk: agentPk(e.agentId),
    sk: `LEDGER#${e.at}#${e.entryId}`,
    gsi1pk: `LEDGER_DAY#${reportDay(e.at)}`,
    gsi1sk: `${e.at}#${e.agentId}#${e.entryId}`,
  }),
  ledgerByTime: (agentId: string, from: string, to: string): KeyQuery => ({
    pk: agentPk(agentId),
    sk: timeRange('LEDGER#', from, to),
  }),
  /** The entries before `at`; read newest first with limit 1 it gives the starting balance row. */
  ledgerBefore: (agentId: string, at: string): KeyQuery => ({
    pk: agentPk(agentId),
    sk: { between: ['LEDGER#', `LEDGER#${at}`] },
  }),
  ledgerAll: (agentId: string): KeyQuery => ({ pk: agentPk(agentId), sk: { beginsWith: 'LEDGER#' } }),
  ledgerOfDay: (day: string): KeyQuery => ({ index: 'gsi1', pk: `LEDGER_DAY#${day}` }),

  /**
   * Per agent and reporting day: credit and debit sums per ledger type and the opening and closing
   * balance, written in the same transaction as each ledger entry (Account Summary report).
   */
  daySum: (agentId: string, day: string): ItemKey => ({ pk: agentPk(agentId), sk: `DAYSUM#${day}` }),
  daySumsBetween: (agentId: string, fromDay: string, toDay: string): KeyQuery => ({
    pk: agentPk(agentId),
    sk: { between: [`DAYSUM#${fromDay}`, `DAYSUM#${toDay}`] },
  }),
  /** The day sums before `day`; newest first with limit 1 it gives the balance at the start of `day`. */
  daySumsBefore: (agentId: string, day: string): KeyQuery => ({
    pk: agentPk(agentId),
    sk: { between: ['DAYSUM#', `DAYSUM#${day}`] },
  }),

  /**
   * Closure table of the hierarchy, one item per (ancestor, descendant) at any depth: "my downline"
   * (Query), "is X in my downline" (GetItem), My Team sorted by name, direct reports only (sparse,
   * depth 1), and the uplines of an agent (to rewrite the closure when an agent moves).
   */
  downline: (d: {
    ancestorId: string;
    descendantId: string;
    depth: number;
    firstName: string;
    lastName: string;
  }): ItemKeys => ({
    ...agentKeys.downlineMember(d.ancestorId, d.descendantId),
    ...(d.depth === 1
      ? { gsi1pk: `DIRECT_REPORTS#${d.ancestorId}`, gsi1sk: `${lower(d.lastName)}#${lower(d.firstName)}#${d.descendantId}` }
      : {}),
    gsi2pk: `UPLINE#${d.descendantId}`,
    gsi2sk: `${pad(d.depth, 3)}#${d.ancestorId}`,
    gsi3pk: `TEAM#${d.ancestorId}`,
    gsi3sk: `${lower(d.lastName)}#${lower(d.firstName)}#${d.descendantId}`,
  }),
  downlineMember: (ancestorId: string, descendantId: string): ItemKey => ({
    pk: agentPk(ancestorId),
    sk: `DOWNLINE#${descendantId}`,
  }),
  downlineOf: (ancestorId: string): KeyQuery => ({ pk: agentPk(ancestorId), sk: { beginsWith: 'DOWNLINE#' } }),
  teamByName: (ancestorId: string, lastNamePrefix?: string): KeyQuery => ({
    index: 'gsi3',
    pk: `TEAM#${ancestorId}`,
    ...(lastNamePrefix ? { sk: { beginsWith: lower(lastNamePrefix) } } : {}),
  }),
  directReports: (ancestorId: string): KeyQuery => ({ index: 'gsi1', pk: `DIRECT_REPORTS#${ancestorId}` }),
  uplineOf: (descendantId: string): KeyQuery => ({ index: 'gsi2', pk: `UPLINE#${descendantId}` }),

  /** account status audit by agent, newest first (order status, live transfer, third party). */
  statusAudit: (agentId: string, at: string, statusType: string): ItemKey => ({
    pk: agentPk(agentId),
    sk: `STATUSAUDIT#${at}#${statusType}`,
  }),
  statusAuditOf: (agentId: string): KeyQuery => ({ pk: agentPk(agentId), sk: { beginsWith: 'STATUSAUDIT#' } }),

  /** Training rows and the live-transfer phone, both fed from the external agent systems. */
  training: (agentId: string, courseName: string): ItemKey => ({ pk: agentPk(agentId), sk: `TRAINING#${courseName}` }),
  trainingOf: (agentId: string): KeyQuery => ({ pk: agentPk(agentId), sk: { beginsWith: 'TRAINING#' } }),
  liveTransferPhone: (agentId: string): ItemKey => ({ pk: agentPk(agentId), sk: 'LTPHONE' }),
  /** Live-transfer calls attempted and won per agent and day (Calls Today card). */
  callsOfDay: (agentId: string, day: string): ItemKey => ({ pk: agentPk(agentId), sk: `CALLS#${day}` }),
  /** Card failures logged by POST account/creditfail, newest first; kept 400 days by TTL. */
  cardFailure: (agentId: string, at: string, id: string): ItemKey => ({ pk: agentPk(agentId), sk: `CARDFAIL#${at}#${id}` }),
};

// ---------------------------------------------------------------------------------------------
// Orders: partition ORDER#{orderId} holds the order and its parts, read together for edit/details.

const orderPk = (orderId: string) => `ORDER#${orderId}`;

export const orderKeys = {
  /** order by id; orders of an agent newest first; orders needing attention (sparse). */
  order: (o: { orderId: string; agentId: string; createdAt: string; attention?: 'TERMED' | 'REASSIGNED' }): ItemKeys => ({
    ...orderKeys.byId(o.orderId),
    gsi1pk: `AGENT_ORDERS#${o.agentId}`,
    gsi1sk: `${o.createdAt}#${o.orderId}`,
    ...(o.attention ? { gsi2pk: `ORDER_ATTENTION#${o.agentId}`, gsi2sk: `${o.attention}#${o.orderId}` } : {}),
  }),
  byId: (orderId: string): ItemKey => ({ pk: orderPk(orderId), sk: 'ORDER' }),
  /** The whole order: header, recipients, time slots, geographies, targets (one Query). */
  details: (orderId: string): KeyQuery => ({ pk: orderPk(orderId) }),
  ofAgent: (agentId: string): KeyQuery => ({ index: 'gsi1', pk: `AGENT_ORDERS#${agentId}` }),
  needingAttention: (agentId: string, reason: 'TERMED' | 'REASSIGNED'): KeyQuery => ({
    index: 'gsi2',
    pk: `ORDER_ATTENTION#${agentId}`,
    sk: { beginsWith: `${reason}#` },
  }),

  /** recipients of an order; orders an agent receives from (to flag them when the agent is termed). */
  recipient: (orderId: string, agentId: string): ItemKeys => ({
    pk: orderPk(orderId),
    sk: `RECIPIENT#${agentId}`,
    gsi1pk: `RECIPIENT_ORDERS#${agentId}`,
    gsi1sk: orderId,
  }),
  recipientsOf: (orderId: string): KeyQuery => ({ pk: orderPk(orderId), sk: { beginsWith: 'RECIPIENT#' } }),
  ordersReceivedBy: (agentId: string): KeyQuery => ({ index: 'gsi1', pk: `RECIPIENT_ORDERS#${agentId}` }),

  timeSlot: (orderId: string, slotId: string): ItemKey => ({ pk: orderPk(orderId), sk: `SLOT#${slotId}` }),
  /** Geography entries: kind STATE, ZIP, SCF or COUNTY (value `{state}#{county}`), RADIUS (`{zip}#{miles}`). */
  geo: (orderId: string, kind: 'STATE' | 'ZIP' | 'SCF' | 'COUNTY' | 'RADIUS', value: string): ItemKey => ({
    pk: orderPk(orderId),
    sk: `GEO#${kind}#${value}`,
  }),

  /**
   * Routing targets, one per (fund or campaign, state) of an order, carrying the zips it covers in
   * that state. Indexed only while the order is Active (sparse): the lead engine's "open orders for
   * fund X in state S" and the Open Orders report (fund, state).
   */
  target: (t: { orderId: string; source: 'FUND' | 'CAMPAIGN'; sourceId: string; state: string; active: boolean; agentId: string }): ItemKeys => ({
    pk: orderPk(t.orderId),
    sk: `TARGET#${t.source}#${t.sourceId}#${t.state}`,
    ...(t.active
      ? { gsi3pk: `OPEN_ORDERS#${t.source}#${t.sourceId}`, gsi3sk: `${t.state}#${t.agentId}#${t.orderId}` }
      : {}),
  }),
  openOrders: (source: 'FUND' | 'CAMPAIGN', sourceId: string, state?: string): KeyQuery => ({
    index: 'gsi3',
    pk: `OPEN_ORDERS#${source}#${sourceId}`,
    ...(state ? { sk: { beginsWith: `${state}#` } } : {}),
  }),

  /** Modification history (snapshots) and status history, newest first. */
  history: (orderId: string, at: string, id: string): ItemKey => ({ pk: orderPk(orderId), sk: `HISTORY#${at}#${id}` }),
  historyOf: (orderId: string): KeyQuery => ({ pk: orderPk(orderId), sk: { beginsWith: 'HISTORY#' } }),
  statusHistory: (orderId: string, at: string, id: string): ItemKey => ({ pk: orderPk(orderId), sk: `STATUSHIST#${at}#${id}` }),
  statusHistoryOf: (orderId: string): KeyQuery => ({ pk: orderPk(orderId), sk: { beginsWith: 'STATUSHIST#' } }),

  /**
   * Lead caps: one counter per period (HOUR 2024-05-01T13, DAY 2024-05-01, WEEK 2024-W18, MONTH
   * 2024-05, in the account's time zone), incremented under `count < max` in the purchase transaction.
   */
  usage: (orderId: string, period: 'HOUR' | 'DAY' | 'WEEK' | 'MONTH', periodKey: string): ItemKey => ({
    pk: orderPk(orderId),
    sk: `USAGE#${period}#${periodKey}`,
  }),
};

// ---------------------------------------------------------------------------------------------
// Catalogue: funds, campaigns, vendors and their links. Small (hundreds of items): each list is one
// index partition read whole and cached briefly in the Lambda.

export const fundKeys = {
  /** fund by id; all funds sorted by name (Funds Summary, Available Funds, fund pickers). */
  fund: (f: { fundId: string; name: string }): ItemKeys => ({
    ...fundKeys.byId(f.fundId),
    gsi1pk: 'FUNDS',
    gsi1sk: `${lower(f.name)}#${f.fundId}`,
  }),
  byId: (fundId: string): ItemKey => ({ pk: `FUND#${fundId}`, sk: 'FUND' }),
  all: (): KeyQuery => ({ index: 'gsi1', pk: 'FUNDS' }),
  /** Fund edit: the fund, its campaign-vendor links, history and makeup history in one partition. */
  partition: (fundId: string): KeyQuery => ({ pk: `FUND#${fundId}` }),
  history: (fundId: string, at: string, id: string): ItemKey => ({ pk: `FUND#${fundId}`, sk: `HISTORY#${at}#${id}` }),
  historyOf: (fundId: string): KeyQuery => ({ pk: `FUND#${fundId}`, sk: { beginsWith: 'HISTORY#' } }),
  makeupHistory: (fundId: string, at: string, id: string): ItemKey => ({ pk: `FUND#${fundId}`, sk: `MAKEUP#${at}#${id}` }),
  makeupHistoryOf: (fundId: string): KeyQuery => ({ pk: `FUND#${fundId}`, sk: { beginsWith: 'MAKEUP#' } }),
};

export const campaignKeys = {
  /** campaign by id; all campaigns by name; campaign by code (intake, ping history, contract map). */
  campaign: (c: { campaignId: string; name: string; code: string }): ItemKeys => ({
    ...campaignKeys.byId(c.campaignId),
    gsi1pk: 'CAMPAIGNS',
    gsi1sk: `${lower(c.name)}#${c.campaignId}`,
    gsi2pk: `CAMPAIGN_CODE#${lower(c.code)}`,
    gsi2sk: 'CAMPAIGN',
  }),
  byId: (campaignId: string): ItemKey => ({ pk: `CAMPAIGN#${campaignId}`, sk: 'CAMPAIGN' }),
  all: (): KeyQuery => ({ index: 'gsi1', pk: 'CAMPAIGNS' }),
  byCode: (code: string): KeyQuery => ({ index: 'gsi2', pk: `CAMPAIGN_CODE#${lower(code)}` }),
  /** Campaign edit: campaign, validation, bids and its campaign vendors in one Query. */
  partition: (campaignId: string): KeyQuery => ({ pk: `CAMPAIGN#${campaignId}` }),
  validation: (campaignId: string): ItemKey => ({ pk: `CAMPAIGN#${campaignId}`, sk: 'VALIDATION' }),
  /** CallerLeadsBidCampaigns: one bid per state and zip (`*` for the whole state). */
  bid: (campaignId: string, state: string, zip: string): ItemKey => ({ pk: `CAMPAIGN#${campaignId}`, sk: `BID#${state}#${zip}` }),
};

export const campaignVendorKeys = {
  /**
   * The (campaign, vendor) pair is the primary key, so a pair exists once. Also: by id (PATCH,
   * DELETE campaignVendors/{id}), by vendor (vendor's assigned campaigns), all pairs (GET campaignVendors).
   */
  item: (cv: { campaignVendorId: string; campaignId: string; vendorId: string }): ItemKeys => ({
    pk: `CAMPAIGN#${cv.campaignId}`,
    sk: `CV#${cv.vendorId}`,
    gsi1pk: `CV#${cv.campaignVendorId}`,
    gsi1sk: 'CV',
    gsi2pk: `VENDOR_CAMPAIGNS#${cv.vendorId}`,
    gsi2sk: cv.campaignId,
    gsi3pk: 'CAMPAIGN_VENDORS',
    gsi3sk: `${cv.campaignId}#${cv.vendorId}`,
  }),
  byPair: (campaignId: string, vendorId: string): ItemKey => ({ pk: `CAMPAIGN#${campaignId}`, sk: `CV#${vendorId}` }),
  byId: (campaignVendorId: string): KeyQuery => ({ index: 'gsi1', pk: `CV#${campaignVendorId}` }),
  ofCampaign: (campaignId: string): KeyQuery => ({ pk: `CAMPAIGN#${campaignId}`, sk: { beginsWith: 'CV#' } }),
  ofVendor: (vendorId: string): KeyQuery => ({ index: 'gsi2', pk: `VENDOR_CAMPAIGNS#${vendorId}` }),
  all: (): KeyQuery => ({ index: 'gsi3', pk: 'CAMPAIGN_VENDORS' }),
};

export const campaignVendorFundKeys = {
  /** The fund's makeup lives in the fund partition; also by id (cvf enable/disable), by campaign vendor, all. */
  item: (l: { campaignVendorFundId: string; fundId: string; campaignVendorId: string; priority: number }): ItemKeys => ({
    pk: `FUND#${l.fundId}`,
    sk: `CVF#${l.campaignVendorId}`,
    gsi1pk: `CVF#${l.campaignVendorFundId}`,
    gsi1sk: 'CVF',
    gsi2pk: `CV_FUNDS#${l.campaignVendorId}`,
    gsi2sk: `${pad(l.priority, 4)}#${l.fundId}`,
    gsi3pk: 'CVFS',
    gsi3sk: `${l.fundId}#${l.campaignVendorId}`,
  }),
  ofFund: (fundId: string): KeyQuery => ({ pk: `FUND#${fundId}`, sk: { beginsWith: 'CVF#' } }),
  byId: (campaignVendorFundId: string): KeyQuery => ({ index: 'gsi1', pk: `CVF#${campaignVendorFundId}` }),
  ofCampaignVendor: (campaignVendorId: string): KeyQuery => ({ index: 'gsi2', pk: `CV_FUNDS#${campaignVendorId}` }),
  all: (): KeyQuery => ({ index: 'gsi3', pk: 'CVFS' }),
};

export const vendorKeys = {
  /** vendor by id; vendors by name (Vendors table, names list); vendor by code (intake, reports). */
  vendor: (v: { vendorId: string; name: string; code: string }): ItemKeys => ({
    ...vendorKeys.byId(v.vendorId),
    gsi1pk: 'VENDORS',
    gsi1sk: `${lower(v.name)}#${v.vendorId}`,
    gsi2pk: `VENDOR_CODE#${lower(v.code)}`,
    gsi2sk: 'VENDOR',
  }),
  byId: (vendorId: string): ItemKey => ({ pk: `VENDOR#${vendorId}`, sk: 'VENDOR' }),
  all: (): KeyQuery => ({ index: 'gsi1', pk: 'VENDORS' }),
  byCode: (code: string): KeyQuery => ({ index: 'gsi2', pk: `VENDOR_CODE#${lower(code)}` }),
  /** Vendor edit: vendor, contacts, admins and dispute reasons in one Query. */
  partition: (vendorId: string): KeyQuery => ({ pk: `VENDOR#${vendorId}` }),
  contact: (vendorId: string, contactId: string): ItemKey => ({ pk: `VENDOR#${vendorId}`, sk: `CONTACT#${contactId}` }),
  admin: (vendorId: string, email: string): ItemKey => ({ pk: `VENDOR#${vendorId}`, sk: `ADMIN#${lower(email)}` }),
  disputeReason: (vendorId: string, reason: string): ItemKey => ({ pk: `VENDOR#${vendorId}`, sk: `REASON#${reason}` }),
  disputeReasonsOf: (vendorId: string): KeyQuery => ({ pk: `VENDOR#${vendorId}`, sk: { beginsWith: 'REASON#' } }),
  /** Vendor token by its SHA-256 (intake authentication is one GetItem; the token itself is never stored). */
  token: (tokenSha256: string): ItemKey => ({ pk: `VENDOR_TOKEN#${tokenSha256}`, sk: 'VENDOR_TOKEN' }),
};

// ---------------------------------------------------------------------------------------------
// Leads and disputes: high volume, so each lead is its own partition and lists go through indexes.

export const leadKeys = {
  /**
   * lead by id; leads bought by an agent's orders by time (My Leads "all"/"distributed"); leads
   * received by an agent by time (My Leads "received"); leads of a reporting month by time (All Leads).
   */
  lead: (l: { leadId: string; agentId: string; recipientAgentId: string; at: string }): ItemKeys => ({
    ...leadKeys.byId(l.leadId),
    gsi1pk: `AGENT_LEADS#${l.agentId}`,
    gsi1sk: `${l.at}#${l.leadId}`,
    gsi2pk: `RECIPIENT_LEADS#${l.recipientAgentId}`,
    gsi2sk: `${l.at}#${l.leadId}`,
    gsi3pk: `LEADS_MONTH#${reportMonth(l.at)}`,
    gsi3sk: `${l.at}#${l.leadId}`,
  }),
  byId: (leadId: string): ItemKey => ({ pk: `LEAD#${leadId}`, sk: 'LEAD' }),
  boughtBy: (agentId: string, from: string, to: string): KeyQuery => ({
    index: 'gsi1',
    pk: `AGENT_LEADS#${agentId}`,
    sk: timeRange('', from, to),
  }),
  receivedBy: (agentId: string, from: string, to: string): KeyQuery => ({
    index: 'gsi2',
    pk: `RECIPIENT_LEADS#${agentId}`,
    sk: timeRange('', from, to),
  }),
  ofMonth: (month: string, from: string, to: string): KeyQuery => ({
    index: 'gsi3',
    pk: `LEADS_MONTH#${month}`,
    sk: timeRange('', from, to),
  }),

  /** Index items written with the lead (same transaction): by campaign+vendor+month, by phone, by number. */
  byCampaignVendorItem: (campaignId: string, vendorId: string, at: string, leadId: string): ItemKey => ({
    pk: `CV_LEADS#${campaignId}#${vendorId}#${reportMonth(at)}`,
    sk: `${at}#${leadId}`,
  }),
  byCampaignVendor: (campaignId: string, vendorId: string, month: string, from: string, to: string): KeyQuery => ({
    pk: `CV_LEADS#${campaignId}#${vendorId}#${month}`,
    sk: timeRange('', from, to),
  }),
  /** Phone index: All Leads phone filter and dedupe ("same phone within DedupeDays"). */
  byPhoneItem: (phoneDigits: string, at: string, leadId: string): ItemKey => ({ pk: `PHONE#${phoneDigits}`, sk: `${at}#${leadId}` }),
  byPhone: (phoneDigits: string, from?: string): KeyQuery => ({
    pk: `PHONE#${phoneDigits}`,
    ...(from ? { sk: { gte: from } } : {}),
  }),
  /** The user-facing lead number (All Leads lead ID filter, up to 9 digits) → lead id. */
  byNumber: (userFacingLeadId: number): ItemKey => ({ pk: `LEAD_NUMBER#${userFacingLeadId}`, sk: 'LEAD_NUMBER' }),

  /** One dispute per lead (the key makes a second one impossible); pending disputes per agent; by status. */
  dispute: (d: { leadId: string; agentId: string; status: string; at: string }): ItemKeys => ({
    pk: `LEAD#${d.leadId}`,
    sk: 'DISPUTE',
    gsi1pk: `AGENT_DISPUTES#${d.agentId}`,
    gsi1sk: `${d.status}#${d.at}#${d.leadId}`,
    gsi2pk: `DISPUTES#${d.status}`,
    gsi2sk: `${d.at}#${d.leadId}`,
  }),
  disputesOfAgent: (agentId: string, status?: string): KeyQuery => ({
    index: 'gsi1',
    pk: `AGENT_DISPUTES#${agentId}`,
    ...(status ? { sk: { beginsWith: `${status}#` } } : {}),
  }),
  disputesByStatus: (status: string): KeyQuery => ({ index: 'gsi2', pk: `DISPUTES#${status}` }),
};

/** Vendor pings (bids) kept 90 days: Ping History report by campaign, vendor and time. */
export const pingKeys = {
  item: (campaignCode: string, vendorCode: string, at: string, pingId: string): ItemKey => ({
    pk: `PINGS#${lower(campaignCode)}#${lower(vendorCode)}`,
    sk: `${at}#${pingId}`,
  }),
  byCampaignVendor: (campaignCode: string, vendorCode: string, from: string, to: string): KeyQuery => ({
    pk: `PINGS#${lower(campaignCode)}#${lower(vendorCode)}`,
    sk: timeRange('', from, to),
  }),
};

/**
 * Pre-aggregated lead counters per reporting day and (fund, campaign, vendor), updated with ADD in
 * the lead purchase and credit transactions: Campaign Performance, Campaign Summary and Fund
 * Performance read at most 31 day partitions instead of every lead.
 */
export const performanceKeys = {
  item: (day: string, fundId: string, campaignId: string, vendorId: string): ItemKey => ({
    pk: `PERF_DAY#${day}`,
    sk: `${fundId}#${campaignId}#${vendorId}`,
  }),
  ofDay: (day: string): KeyQuery => ({ pk: `PERF_DAY#${day}` }),
};

/** Leads from the public sales forms; Internal Leads report by source and time. */
export const salesLeadKeys = {
  item: (s: { salesLeadId: string; source: string; at: string }): ItemKeys => ({
    pk: `SALES_LEAD#${s.salesLeadId}`,
    sk: 'SALES_LEAD',
    gsi1pk: `INTERNAL_LEADS#${s.source}`,
    gsi1sk: `${s.at}#${s.salesLeadId}`,
  }),
  bySource: (source: string, from: string, to: string): KeyQuery => ({
    index: 'gsi1',
    pk: `INTERNAL_LEADS#${source}`,
    sk: timeRange('', from, to),
  }),
};

// ---------------------------------------------------------------------------------------------
// Administration: routing rules, contract map, price factors (small sets, one partition each).

export const ruleKeys = {
  item: (ruleId: string): ItemKey => ({ pk: 'RULES', sk: `RULE#${ruleId}` }),
  all: (): KeyQuery => ({ pk: 'RULES' }),
};

export const contractKeys = {
  /** contract maps (one partition); by ContractID (public forms' sales/lob/{contractNumber}). */
  item: (c: { contractKey: string; contractId: string }): ItemKeys => ({
    pk: 'CONTRACTS',
    sk: `CONTRACT#${c.contractKey}`,
    gsi1pk: `CONTRACT_ID#${lower(c.contractId)}`,
    gsi1sk: 'CONTRACT',
  }),
  byKey: (contractKey: string): ItemKey => ({ pk: 'CONTRACTS', sk: `CONTRACT#${contractKey}` }),
  all: (): KeyQuery => ({ pk: 'CONTRACTS' }),
  byContractId: (contractId: string): KeyQuery => ({ index: 'gsi1', pk: `CONTRACT_ID#${lower(contractId)}` }),
};

export const priceFactorKeys = {
  item: (key: string, min: number): ItemKey => ({ pk: 'PRICE_FACTORS', sk: `FACTOR#${key}#${pad(min, 10)}` }),
  all: (): KeyQuery => ({ pk: 'PRICE_FACTORS' }),
};

/**
 * Uniqueness guards put in the same transaction as the entity (attribute_not_exists): fund code,
 * campaign code, vendor code, contract id, user e-mail. Values are lower-cased (case-insensitive).
 */
export const uniqueKeys = {
  item: (kind: 'FUND_CODE' | 'CAMPAIGN_CODE' | 'VENDOR_CODE' | 'CONTRACT_ID' | 'USER_EMAIL', value: string): ItemKey => ({
    pk: `UNIQUE#${kind}#${lower(value)}`,
    sk: 'UNIQUE',
  }),
};

// ---------------------------------------------------------------------------------------------
// Files, jobs and platform records

export const uploadKeys = {
  /** upload by id (the CSV job finds its record from the S3 key); uploads of a user newest first. */
  item: (u: { uploadId: string; userId: string; createdAt: string }): ItemKeys => ({
    pk: `UPLOAD#${u.uploadId}`,
    sk: 'UPLOAD',
    gsi1pk: `USER_UPLOADS#${u.userId}`,
    gsi1sk: `${u.createdAt}#${u.uploadId}`,
  }),
  ofUser: (userId: string): KeyQuery => ({ index: 'gsi1', pk: `USER_UPLOADS#${userId}` }),
};

export const exportKeys = {
  /** export by id (status polling, presigned URL); exports of a user. Expire by TTL with the S3 lifecycle. */
  item: (e: { exportId: string; userId: string; createdAt: string }): ItemKeys => ({
    pk: `EXPORT#${e.exportId}`,
    sk: 'EXPORT',
    gsi1pk: `USER_EXPORTS#${e.userId}`,
    gsi1sk: `${e.createdAt}#${e.exportId}`,
  }),
  ofUser: (userId: string): KeyQuery => ({ index: 'gsi1', pk: `USER_EXPORTS#${userId}` }),
};

/** Weekly Pro Store runs by ISO week; each agent's transfer is idempotent on `prostore:{week}:{agentId}`. */
export const proStoreRunKeys = {
  item: (isoWeek: string): ItemKey => ({ pk: `PROSTORE_RUN#${isoWeek}`, sk: 'RUN' }),
  /**
   * Added by the Pro Store job: an agent's outcome of a week (transferred, skipped with its reason,
   * failed), kept in the agent's partition so 30,000 writes a week spread over many partitions
   * instead of one hot run partition. Only skipped and failed outcomes enter the (sparse) index,
   * which is support's "who was skipped in week W and why" list; an agent's history is a Query.
   */
  outcome: (o: { isoWeek: string; agentId: string; outcome: 'transferred' | 'skipped' | 'failed' }): ItemKeys => ({
    ...proStoreRunKeys.outcomeById(o.isoWeek, o.agentId),
    ...(o.outcome === 'transferred' ? {} : { gsi1pk: `PROSTORE_EXCEPTIONS#${o.isoWeek}`, gsi1sk: `${o.outcome}#${o.agentId}` }),
  }),
  outcomeById: (isoWeek: string, agentId: string): ItemKey => ({ pk: agentPk(agentId), sk: `PROSTORE#${isoWeek}` }),
  outcomesOfAgent: (agentId: string): KeyQuery => ({ pk: agentPk(agentId), sk: { beginsWith: 'PROSTORE#' } }),
  exceptionsOf: (isoWeek: string, outcome?: 'skipped' | 'failed'): KeyQuery => ({
    index: 'gsi1',
    pk: `PROSTORE_EXCEPTIONS#${isoWeek}`,
    ...(outcome ? { sk: { beginsWith: `${outcome}#` } } : {}),
  }),
};

/** Idempotency records: the first result of a keyed write, kept for a TTL. */
export const idempotencyKeys = {
  item: (key: string): ItemKey => ({ pk: `IDEMPOTENCY#${key}`, sk: 'IDEMPOTENCY' }),
};

/** Named counters (user-facing order and lead numbers, agent count for TotalPages). */
export const counterKeys = {
  item: (name: 'ORDER_NUMBER' | 'LEAD_NUMBER' | 'AGENTS'): ItemKey => ({ pk: `COUNTER#${name}`, sk: 'COUNTER' }),
};

/** Lookups (GET lookup?category=, lead types, CRM lines of business). */
export const lookupKeys = {
  item: (category: string, value: string): ItemKey => ({ pk: `LOOKUP#${category}`, sk: value }),
  ofCategory: (category: string): KeyQuery => ({ pk: `LOOKUP#${category}` }),
};

/** The seed generator's marker: present once demo data exists. */
export const seedKeys = {
  marker: (): ItemKey => ({ pk: 'SEED', sk: 'MARKER' }),
};

/** Card orders the pre-check issued: a credit is accepted only for one of these (by order id). */
export const cardOrderKeys = {
  byOrderId: (orderId: string): ItemKey => ({ pk: `CARDORDER#${orderId}`, sk: 'CARDORDER' }),
};
