// What each area's and job's Lambda may touch: the least-privilege decision, one line per function.
// Typed over every area and job, so a new one does not compile until someone decides its rights.
import { JOBS, type Area, type JobName } from '#shared/manifest.ts';
import type { ObjectAccess, TableAccess, TableKeys } from './api-function.ts';
import type { ZipData } from './zip-data-files.ts';

export interface FunctionNeeds {
  table: TableAccess;
  /** Partition-key patterns the function is confined to (the key shapes in functions/entities/); unset: the whole table. */
  tableKeys?: TableKeys;
  uploads?: ObjectAccess | PrefixedAccess;
  exports?: ObjectAccess;
  /** Reads the card payment provider's secret. */
  paymentSecret?: boolean;
  /** Receives the Cognito issuer and client id for the OIDC code flow. */
  oidc?: boolean;
  /**
   * Creates the sign-in of a person invited to the partner portal (functions/core/identity/idp-accounts.ts):
   * USER_POOL_ID and cognito-idp:AdminCreateUser on the user pool only (issue 24, docs/deployment.md).
   */
  createsIdpUsers?: boolean;
  /** Also removes the sign-in of a user removed from the partner portal: cognito-idp:AdminDeleteUser on the pool. */
  removesIdpUsers?: boolean;
  /** Publishes domain events to the account's default event bus (EVENT_BUS_NAME, events:PutEvents on that bus only). */
  publishesEvents?: boolean;
  /**
   * Sends e-mail (functions/platform/mailer.ts): with a sender in the stage config (context `mailFrom`),
   * MAIL_FROM and ses:SendEmail on that sender's SES identity only; without one, neither.
   */
  sendsMail?: boolean;
  /**
   * Sends text messages (functions/platform/sms.ts): with an origination number in the stage config
   * (context `smsFrom`), SMS_ORIGINATION_NUMBER and sns:Publish to phone numbers (never to a topic); without one, neither.
   */
  sendsSms?: boolean;
  /** Makes or checks the alerts' unsubscribe links: ALERT_TOKEN_SECRET_ARN and read access to that one secret. */
  alertLinks?: boolean;
  /**
   * Reads the webhook signing key (functions/core/webhooks/signing.ts), which every endpoint's secret is
   * derived from: WEBHOOK_SIGNING_KEY_ARN and secretsmanager:GetSecretValue on that one secret only.
   */
  webhookSigningKey?: boolean;
  /** Queues CRM deliveries (functions/platform/queue.ts): DELIVERY_QUEUE_URL and sqs:SendMessage on the delivery queue only. */
  queuesDeliveries?: boolean;
  /**
   * Pushes to the live sockets (functions/platform/live-push.ts): LIVE_PUSH_ENDPOINT and
   * execute-api:ManageConnections (POST and DELETE) on the WebSocket stage's connections only.
   */
  pushesLive?: boolean;
  /** Called by anyone on the internet: reserved concurrency (stage config) and the narrowest rights. */
  publicFunction?: boolean;
  /** US ZIP files shipped beside the bundle: the look-up table, or only the set of valid zips. */
  zipData?: ZipData;
  timeoutSeconds?: number;
  memorySize?: number;
  /** Settings of the function's own (functions/platform/config.ts validates them at cold start). */
  settings?: Record<string, string>;
}

/** Object access confined to the keys under one prefix of the bucket. */
export interface PrefixedAccess {
  access: ObjectAccess;
  prefix: string;
}

/**
 * What the lead engine (`intakeLead`, functions/core/leads) reads and writes, with the vendor API's own
 * keys (token, codes, pings): the intake area runs it for vendors and the sales area for the public forms.
 */
const LEAD_ENGINE_KEYS: TableKeys = {
  // CANDIDATES#: the candidate snapshot of the lead's state (the projector's candidates view).
  // CATALOGUE: the catalogue's version (the projector's catalogue view), which the engine holds its catalogue reads by.
  // LEAD_PHONE#, LEAD_EMAIL#: the dedupe read of earlier leads through the Lead's gsi7 and gsi9.
  // RATE#: the vendor's posts per minute, read by admission (the projector's intake-rate view writes them).
  // DNC_LISTS, DNC#: the do-not-call lists held with the catalogue and the lead's phone on them (issue 24).
  read: ['CATALOGUE', 'VENDOR_TOKEN#*', 'CAMPAIGN_CODE#*', 'VENDOR_CODE#*', 'CAMPAIGN#*', 'VENDOR#*', 'LEAD#*', 'LEAD_PHONE#*', 'LEAD_EMAIL#*', 'PINGS#*', 'IDEMPOTENCY#*', 'CV_FUNDS#*', 'FUND#*', 'RULES', 'CONTRACTS', 'OPEN_ORDERS#*', 'CANDIDATES#*', 'ORDER#*', 'AGENT#*', 'RATE#*', 'DNC_LISTS', 'DNC#*'],
  // MARKET_DAY#, MARKET_TOTAL#: the Home insights' marketplace counters, ADDed as a lead arrives and sells.
  // tests/integration/engine-table-rights.test.ts checks these lists against the calls the engine makes.
  write: ['LEAD#*', 'COUNTER#LEAD_NUMBER', 'PINGS#*', 'IDEMPOTENCY#*', 'RULES', 'ORDER#*', 'AGENT#*', 'PERF_DAY#*', 'DEDUPE_LOCK#*', 'LEAD_RETRIES', 'MARKET_DAY#*', 'MARKET_TOTAL#*'],
};

/** The vendor sandbox's own keys (functions/entities/vendor-sandbox.ts): its remembered answers, contacts and routing sequences. */
const SANDBOX_KEYS = ['SANDBOX_LEAD#*', 'SANDBOX_CONTACT#*', 'SANDBOX_ROUTE#*'];

/**
 * The call-center dialer's lists in AWS: one object per lead under this prefix of the uploads bucket
 * (functions/core/leads/providers.ts CALLCENTER_PREFIX). The engine's functions may only put there;
 * the retention job may only delete there. No bucket notification or lifecycle rule covers it.
 */
export const CALLCENTER_PREFIX = 'callcenter/';
const DIALER_WRITE: PrefixedAccess = { access: 'write', prefix: CALLCENTER_PREFIX };

export const AREA_NEEDS: Record<Area, FunctionNeeds> = {
  // Sessions are items in the table, created at sign-in and removed at sign-out.
  auth: { table: 'readWrite', oidc: true },
  me: { table: 'read' },
  // Transfers and card payments move money; CSV exports of transactions are written for download.
  // Its settings validate the agent's zip, which needs only the set of valid zips.
  // E-mail and SMS alerts (issue 23): a new alert number is texted its code; the unsubscribe link is checked here.
  account: { table: 'readWrite', exports: 'readWrite', paymentSecret: true, zipData: 'set', sendsSms: true, alertLinks: true },
  // The CSV export runs as a job (issue 9): the area records the export and drops its trigger object
  // under export-requests/ in the uploads bucket (nowhere else there), and links to the written file.
  agents: { table: 'readWrite', exports: 'readWrite', uploads: { access: 'write', prefix: JOBS.agentExport.prefix } },
  // An order's zips are checked and grouped by state for its routing targets: the look-up table.
  orders: { table: 'readWrite', exports: 'readWrite', zipData: 'table' },
  funds: { table: 'readWrite' },
  // A bid zip must lie in its state (spec part 3 §5): the look-up table gives a zip's state.
  // Do-not-call lists (issue 24): a list's file is uploaded like the agent CSVs, signed here for its kind's prefix only.
  campaigns: { table: 'readWrite', zipData: 'table', uploads: { access: 'write', prefix: `${JOBS.csvProcess.prefix}doNotCall/` } },
  // Mails the invitation of a newly assigned vendor administrator (issue 8), who gets a partner-portal
  // sign-in at the user pool (issue 24).
  vendors: { table: 'readWrite', sendsMail: true, createsIdpUsers: true },
  leads: { table: 'readWrite', exports: 'readWrite' },
  // Reports read data; their exports are files. The one thing they write is a closed day's performance
  // sums on its version item (PERF_VERSION#, functions/core/reports/performance-cells.ts), never deleting.
  reports: { table: 'readWrite', tableKeys: { read: ['*'], write: ['PERF_VERSION#*'] }, exports: 'readWrite', timeoutSeconds: 29, memorySize: 1024 },
  rules: { table: 'readWrite', zipData: 'set' },
  contracts: { table: 'readWrite' },
  // Signs the upload of a replacement CSV (a presigned PUT needs PutObject); the CSV job applies it.
  priceFactors: { table: 'readWrite', uploads: 'write' },
  address: { table: 'read', zipData: 'table' },
  // The vendor partner portal (issue 24): a vendor's users (invited by mail, with a sign-in at the user
  // pool), its integration and token rotation, and the vendor's own leads, returns and figures.
  partner: { table: 'readWrite', sendsMail: true, createsIdpUsers: true, removesIdpUsers: true },
  // CRM endpoints (issue 23): their items and deliveries; a new or rotated endpoint's secret is derived from
  // the signing key, Send test posts to the agent's CRM from here (internet egress: no function is in a VPC),
  // and Replay queues the delivery again.
  webhooks: { table: 'readWrite', webhookSigningKey: true, queuesDeliveries: true },
  // Public forms: the line of business by contract id (an index query) and its campaign, the
  // submissions they store (SALES_LEAD#) and the per-IP rate counters (RATE#); the location form
  // looks up the visitor's zip in the bundled data. A stored submission goes to the lead engine in
  // the same call (intakeLead), so the function also has the engine's keys.
  sales: {
    table: 'readWrite',
    tableKeys: {
      read: [...new Set(['CONTRACT_ID#*', 'CAMPAIGN#*', 'SALES_LEAD#*', 'RATE#*', ...LEAD_ENGINE_KEYS.read])],
      write: [...new Set(['SALES_LEAD#*', 'RATE#*', ...LEAD_ENGINE_KEYS.write])],
    },
    zipData: 'table',
    publicFunction: true,
    // A call-center lead's file for the dialer.
    uploads: DIALER_WRITE,
  },
  // Vendors post leads and pings with a token. The lead engine (issue 11) reads the token, the campaign
  // catalogue, the routing rules and contract map, the open orders of the lead's state with their
  // owners' profiles and balances, and writes the sale: ledger and balance, order counters, the lead
  // and its index items, the rule's counters, the vendor's per-minute rate item. Zips give distances.
  // The sandbox (issue 24, functions/core/leads/sandbox.ts) keeps its answers, contacts and rule sequences under keys of its own.
  intake: {
    table: 'readWrite',
    tableKeys: {
      read: [...LEAD_ENGINE_KEYS.read, ...SANDBOX_KEYS],
      write: [...LEAD_ENGINE_KEYS.write, ...SANDBOX_KEYS],
    },
    zipData: 'table',
    publicFunction: true,
    uploads: DIALER_WRITE,
  },
  // Hands out presigned uploads, and links to the result reports the CSV job writes.
  uploads: { table: 'readWrite', uploads: 'readWrite' },
};

/** A function's timeout when its needs name none. */
export const DEFAULT_TIMEOUT_SECONDS = 15;

export const JOB_NEEDS: Record<JobName, FunctionNeeds> = {
  // The store hears of each weekly transfer from the projector (ProStoreTransferCompleted). The Lambda
  // maximum, so the whole week fits one invocation with room to spare (tests/bench/prostore.bench.ts:
  // 30,000 agents in about 155 s on DynamoDB Local); a timeout would still be safe, as the schedule's
  // retries re-run the week and finish what is left.
  // In AWS transactions on different agents run in parallel (DynamoDB Local serialises them), so the
  // job keeps 64 agents in flight instead of the local default of 16.
  prostore: { table: 'readWrite', timeoutSeconds: 900, memorySize: 1024, settings: { PROSTORE_CONCURRENCY: '64' } },
  // Reads the uploaded file and writes its result report next to it.
  csvProcess: { table: 'readWrite', uploads: 'readWrite', timeoutSeconds: 300, memorySize: 1024 },
  // Reads the directory (and the export record it claims and finishes) and writes the CSV; the trigger
  // object's key names the export, so it reads nothing from the uploads bucket. 30,000 agents take
  // about 8 s on DynamoDB Local (tests/bench/agent-list.bench.ts); the timeout leaves ample room, and
  // its claim (EXPORT_CLAIM_SECONDS, 180 s) outlasts it so Lambda's retry can take over a dead run.
  agentExport: { table: 'readWrite', exports: 'write', timeoutSeconds: 120, memorySize: 1024 },
  // Every minute: the due retries (LEAD_RETRIES) through the lead engine, and the form submissions
  // still Received (their status index) handed to it again; publishes LeadSold for a retry's sale.
  // A run stops taking pages after 45 s, so the next minute's run does not overlap it much (and the
  // sale's conditions make an overlap harmless).
  leadRetry: {
    table: 'readWrite',
    tableKeys: {
      read: [...new Set([...LEAD_ENGINE_KEYS.read, 'LEAD_RETRIES', 'SALES_LEAD#*', 'PUBLIC_FORM_LEADS#*'])],
      write: [...new Set([...LEAD_ENGINE_KEYS.write, 'SALES_LEAD#*'])],
      // A retry taken (sold, or its last attempt) is deleted in the attempt's transaction.
      delete: ['LEAD_RETRIES'],
    },
    zipData: 'table',
    // A form lead handed to the engine again may go to the call center.
    uploads: DIALER_WRITE,
    timeoutSeconds: 60,
    memorySize: 1024,
  },
  // Daily: the leads of the months past the limit by the month index, the submissions by their
  // status index; changes only those items (the lead's disputes and its anonymisation mark are in its
  // partition) and deletes an expired call-center lead's dialer file.
  leadRetention: {
    table: 'readWrite',
    tableKeys: { read: ['LEADS_MONTH#*', 'PUBLIC_FORM_LEADS#*', 'LEAD#*', 'SALES_LEAD#*'], write: ['LEAD#*', 'SALES_LEAD#*'] },
    uploads: { access: 'delete', prefix: CALLCENTER_PREFIX },
    timeoutSeconds: 900,
    memorySize: 512,
    settings: { LEAD_RETENTION_MONTHS: '36' },
  },
  // Every minute: the pending balance crossings (their sparse index) in the agents' partitions; charges
  // saved cards through the card provider (its secret) and credits them through the ledger; mails the
  // agents. A run stops taking crossings after 45 s; every step is marked on the crossing, so an
  // overlapping or retried run repeats none.
  balanceAlerts: {
    table: 'readWrite',
    tableKeys: { read: ['BALANCE_CROSSINGS', 'AGENT#*', 'CARDORDER#*', 'IDEMPOTENCY#*'], write: ['AGENT#*', 'CARDORDER#*', 'IDEMPOTENCY#*'] },
    paymentSecret: true,
    sendsMail: true,
    timeoutSeconds: 60,
    memorySize: 512,
  },
  // Every minute: the due e-mail and SMS alerts (quiet hours over, retries) through their sparse, sharded
  // index (ALERTS_DUE#), each claimed and marked in the agent's partition, with the notification, the
  // settings, the profile and, for a sale, the lead's phone. A run stops taking alerts after 45 s.
  alertQueue: {
    table: 'readWrite',
    tableKeys: { read: ['ALERTS_DUE#*', 'AGENT#*', 'LEAD#*'], write: ['AGENT#*'] },
    sendsMail: true,
    sendsSms: true,
    alertLinks: true,
    timeoutSeconds: 60,
    memorySize: 256,
  },
};

/**
 * The projector (functions/jobs/projector.ts), fed by the table's stream: it keeps the views (VIEWS) and
 * publishes the domain events derived from the facts (LeadArrived, LeadSold, ProStoreTransferCompleted).
 * Its views only write items (the balance-crossings view writes the crossing; the balanceAlerts job mails),
 * so it neither mails, texts, pushes nor queues: telling the agent is the delivery function's (below).
 */
export const PROJECTOR_NEEDS: FunctionNeeds = { table: 'readWrite', publishesEvents: true, timeoutSeconds: 60, memorySize: 512 };

/**
 * The delivery function (functions/jobs/deliveries.ts), the table stream's second reader (DELIVERY_VIEWS):
 * it keeps the agents' notifications and pushes them to their open live sockets, makes the CRM deliveries of
 * new notifications and queues them for the delivery worker, and sends the e-mail and SMS alerts with their
 * unsubscribe links (issue 23). It publishes no domain event and signs nothing (the worker signs the posts).
 */
export const DELIVERY_FUNCTION_NEEDS: FunctionNeeds = { table: 'readWrite', pushesLive: true, sendsMail: true, sendsSms: true, alertLinks: true, queuesDeliveries: true, timeoutSeconds: 60, memorySize: 512 };

/**
 * The live socket (functions/live/socket.ts) behind the WebSocket API's $connect, $disconnect and $default:
 * on $connect it reads the session (and refreshes its user) and stores the connection under the agent and
 * by its id; on $disconnect it deletes both. Whole-table rights, as the signed-in areas hold them: sessions
 * and users cross every prefix (see docs/deployment.md "IAM narrowed to key prefixes").
 */
export const LIVE_SOCKET_NEEDS: FunctionNeeds = { table: 'readWrite' };

/**
 * The CRM delivery worker (functions/jobs/webhook-deliver.ts), fed by the delivery queue in batches of up to 10
 * worked side by side: one attempt per message, each post with a 10 s timeout, so 60 s leaves room for a slow
 * table too. It signs with the endpoint's secret (derived from the signing key), records the attempt on the
 * delivery, and queues a retry with a delay. Posts go to the agents' CRMs over the internet (no VPC).
 */
export const WEBHOOK_DELIVER_NEEDS = { table: 'readWrite', webhookSigningKey: true, queuesDeliveries: true, timeoutSeconds: 60, memorySize: 512 } satisfies FunctionNeeds;
