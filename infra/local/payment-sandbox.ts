// The local card provider: a hosted payment form served on the gateway under /payments-sandbox/, which
// decides each payment by documented test card numbers (docs/payments.md), records it in memory,
// returns the frame to the portal with transid and amount, sends the portal a signed notification,
// and answers the portal's server-to-server look-ups. It speaks the provider side of
// functions/core/money/payments/protocol.ts, so the portal runs its production adapter against it.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { z } from 'zod';
import {
  bearer,
  CHARGE_PATH,
  chargeRequestSchema,
  FORM_FLAGS,
  FORM_PATH,
  HEALTH_PATH,
  SIGNATURE_HEADER,
  signNotification,
  transactionPath,
  type Notification,
  transactionRecordSchema,
  type TransactionRecord,
} from '../../functions/core/money/payments/protocol.ts';

export const PAYMENT_SANDBOX_PREFIX = '/payments-sandbox';

// ---------------------------------------------------------------------------------------------
// How a payment is decided

/** Cards with a fixed outcome; every failure code of spec part 1 §8 has one (docs/payments.md lists them). */
export const SANDBOX_TEST_CARDS: readonly { number: string; result: 'approved' | string; note: string }[] = [
  { number: '4111111111111111', result: 'approved', note: 'Visa' },
  { number: '5555555555554444', result: 'approved', note: 'Mastercard' },
  { number: '378282246310005', result: 'approved', note: 'American Express (4-digit CVC)' },
  { number: '6011111111111117', result: 'approved', note: 'Discover' },
  { number: '4000000000000010', result: 'decline', note: '' },
  { number: '4000000000000028', result: 'avs', note: '' },
  { number: '4000000000000036', result: 'cvv', note: '' },
  { number: '4000000000000044', result: 'call', note: '' },
  { number: '4000000000000051', result: 'expiredcard', note: 'also: any expiry date in the past' },
  { number: '4000000000000069', result: 'carderror', note: 'also: any number that fails the check digit' },
  { number: '4000000000000077', result: 'authexpired', note: '' },
  { number: '4000000000000085', result: 'fraud', note: '' },
  { number: '4000000000000093', result: 'blacklist', note: '' },
  { number: '4000000000000101', result: 'velocity', note: '' },
  { number: '4000000000000119', result: 'STATUS', note: '' },
  { number: '4000000000000127', result: 'merchantcantaccept+cc', note: 'also: any Diners Club or JCB card' },
  { number: '30569309025904', result: 'merchantcantaccept+cc', note: 'Diners Club' },
  { number: '4000000000000135', result: 'decline|avs', note: 'two codes in one answer' },
  { number: '4000000000000143', result: 'avs|cvv', note: 'two codes in one answer' },
];

/**
 * Paid with on the form it is approved and, with savecard=y, saved; every later charge of its token
 * is declined ('decline'), as when a saved card is cancelled: the auto-recharge failure path.
 */
export const SANDBOX_TOKEN_DECLINES_CARD = '4000000000000341';

export interface CardEntry {
  cardNumber: string;
  /** MM/YY */
  expiry: string;
  cvc: string;
  zip: string;
}

export type Decision = { status: 'approved' } | { status: 'declined'; codes: string } | { status: 'invalidcvc' };

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

const isAmex = (digits: string) => /^3[47]/.test(digits);
/** Diners Club and JCB: the card types this merchant account does not take. */
const isUnsupportedBrand = (digits: string) => /^(30[0-5]|36|38|35)/.test(digits);

/** The provider's verdict on one card entry, in the order a real processor checks. */
export function decidePayment(entry: CardEntry, now: Date): Decision {
  const digits = entry.cardNumber.replace(/[\s-]/g, '');
  const cvcPattern = isAmex(digits) ? /^\d{4}$/ : /^\d{3}$/;
  if (!cvcPattern.test(entry.cvc.trim())) return { status: 'invalidcvc' };
  if (!/^\d{13,19}$/.test(digits) || !luhnValid(digits)) return { status: 'declined', codes: 'carderror' };
  const fixed = SANDBOX_TEST_CARDS.find((c) => c.number === digits);
  if (fixed && fixed.result !== 'approved') return { status: 'declined', codes: fixed.result };
  if (isUnsupportedBrand(digits)) return { status: 'declined', codes: 'merchantcantaccept+cc' };
  if (isExpired(entry.expiry, now)) return { status: 'declined', codes: 'expiredcard' };
  if (!/^\d{5}$/.test(entry.zip.trim())) return { status: 'declined', codes: 'avs' };
  return { status: 'approved' };
}

/** A card is good through the last day of its expiry month; an unreadable date counts as expired. */
function isExpired(expiry: string, now: Date): boolean {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(expiry.trim());
  if (!match) return true;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return true;
  const year = 2000 + Number(match[2]);
  return year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
}

// ---------------------------------------------------------------------------------------------
// The HTTP side

export interface PaymentSandboxOptions {
  /** Where the gateway is reached (http://localhost:<API_PORT>); the form's URL is absolute under it. */
  publicUrl: string;
  /** Shared with the portal: authenticates look-ups and signs notifications. */
  secret: string;
  /** Origins the return URL may point to (the site); anything else is refused, as a real provider does. */
  returnOrigins: string[];
  /** The portal's notification endpoint; without it no notifications are sent. */
  notifyUrl?: string;
  /** One line per payment and per failed notification. */
  log?: (line: string) => void;
  /**
   * Where the sandbox keeps what a provider keeps across restarts: its transactions, saved cards and
   * saved-card charges (tokens and last four digits only, never a card number). Without it, memory only.
   */
  stateFile?: string;
}

const savedCardSchema = z.object({ declines: z.boolean(), last4: z.string().regex(/^\d{4}$/) });
const stateSchema = z.object({
  transactions: z.array(transactionRecordSchema),
  savedCards: z.array(z.tuple([z.string(), savedCardSchema])),
  charges: z.array(z.tuple([z.string(), z.string()])),
});

/** The kept state, or nothing when the file is missing or unreadable (a fresh sandbox). */
function readState(file: string | undefined): z.infer<typeof stateSchema> | undefined {
  if (!file) return undefined;
  try {
    return stateSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return undefined;
  }
}

export interface PaymentSandbox {
  prefix: string;
  listener: http.RequestListener;
  /** PAYMENT_PROVIDER_URL and PAYMENT_SECRET, pointing the portal's adapter at this sandbox. */
  environment: Record<'PAYMENT_PROVIDER_URL' | 'PAYMENT_SECRET', string>;
  /** Resolves once every notification sent so far has been answered (or has failed). */
  settled(): Promise<void>;
}

const formParamsSchema = (returnOrigins: string[]) =>
  z.object({
    amount: z.string().regex(/^\d{1,7}\.\d{2}$/, 'amount must be dollars with two decimals'),
    orderid: z.string().regex(/^[A-Za-z0-9-]{1,22}$/, 'orderid must be 1 to 22 letters or digits'),
    sessionid: z.string().min(1).max(120),
    returnurl: z.url().refine((u) => returnOrigins.includes(new URL(u).origin), 'returnurl is not registered for this merchant'),
    savecard: z.literal('y').optional(),
    avs: z.literal(FORM_FLAGS.avs, { error: 'this merchant requires address verification (avs=y)' }),
    cvv: z.literal(FORM_FLAGS.cvv, { error: 'this merchant requires the card security code (cvv=required)' }),
  });
type FormParams = z.infer<ReturnType<typeof formParamsSchema>>;

const MAX_BODY_BYTES = 16_384;
/** '/transactions/': the look-up path in front of the id. */
const TRANSACTIONS_PREFIX = transactionPath('');

export function createPaymentSandbox(options: PaymentSandboxOptions): PaymentSandbox {
  const kept = readState(options.stateFile);
  const transactions = new Map<string, TransactionRecord>(kept?.transactions.map((t) => [t.transid, t]));
  /** Saved cards by token: what a charge of the token does, and the last four digits. */
  const savedCards = new Map<string, z.infer<typeof savedCardSchema>>(kept?.savedCards);
  /** Saved-card charges by order id: the provider's idempotency (a repeated order id charges nothing). */
  const charges = new Map<string, TransactionRecord>(
    kept?.charges.flatMap(([orderId, transid]) => {
      const record = transactions.get(transid);
      return record ? [[orderId, record] as const] : [];
    }),
  );
  /** Writes the state whole (a new file renamed over the old, so a crash leaves one or the other). */
  const persist = () => {
    if (!options.stateFile) return;
    const state: z.infer<typeof stateSchema> = {
      transactions: [...transactions.values()],
      savedCards: [...savedCards],
      charges: [...charges].map(([orderId, record]) => [orderId, record.transid]),
    };
    mkdirSync(path.dirname(options.stateFile), { recursive: true });
    const next = `${options.stateFile}.next`;
    writeFileSync(next, JSON.stringify(state));
    renameSync(next, options.stateFile);
  };
  const pending = new Set<Promise<void>>();
  const log = options.log ?? (() => undefined);
  const formParams = formParamsSchema(options.returnOrigins);
  const baseUrl = `${options.publicUrl.replace(/\/+$/, '')}${PAYMENT_SANDBOX_PREFIX}`;
  const frameAncestors = options.returnOrigins.join(' ');

  const authorized = (req: http.IncomingMessage) => {
    const given = Buffer.from(req.headers.authorization ?? '');
    const expected = Buffer.from(bearer(options.secret));
    return given.length === expected.length && timingSafeEqual(given, expected);
  };

  const notify = (record: TransactionRecord) => {
    if (!options.notifyUrl) return;
    const notification: Notification = { ...record, timestamp: Math.floor(Date.now() / 1000) };
    const sent = fetch(options.notifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signNotification(options.secret, notification) },
      body: JSON.stringify(notification),
    })
      .then(async (res) => {
        await res.arrayBuffer();
        if (!res.ok) log(`payments notification of ${record.transid} answered ${res.status}`);
      })
      .catch((err: unknown) => log(`payments notification of ${record.transid} failed: ${err instanceof Error ? err.message : String(err)}`))
      .finally(() => pending.delete(sent));
    pending.add(sent);
  };

  const pay = (params: FormParams, entry: CardEntry, action: string): URL => {
    const back = new URL(params.returnurl);
    if (action === 'cancel') {
      back.searchParams.set('status', 'canceled');
      return back;
    }
    const decision = decidePayment(entry, new Date());
    if (decision.status === 'invalidcvc') {
      back.searchParams.set('status', 'invalidcvc');
      return back;
    }
    const digits = entry.cardNumber.replace(/[\s-]/g, '');
    let saved: { token: string; cardlast4: string } | undefined;
    if (params.savecard === 'y' && decision.status === 'approved') {
      saved = { token: `tok_${randomBytes(12).toString('hex')}`, cardlast4: digits.slice(-4) };
      savedCards.set(saved.token, { declines: digits === SANDBOX_TOKEN_DECLINES_CARD, last4: saved.cardlast4 });
    }
    const record: TransactionRecord = {
      transid: `sbx-${randomBytes(8).toString('hex')}`,
      status: decision.status,
      amount: params.amount,
      orderid: params.orderid,
      sessionid: params.sessionid,
      ...(decision.status === 'declined' ? { declinetype: decision.codes } : {}),
      ...saved,
    };
    transactions.set(record.transid, record);
    persist();
    log(`payments ${record.transid} ${record.status}${record.declinetype ? ` (${record.declinetype})` : ''} $${record.amount} for ${record.sessionid}`);
    notify(record);
    back.searchParams.set('status', record.status);
    back.searchParams.set('transid', record.transid);
    back.searchParams.set('amount', record.amount);
    if (record.declinetype) back.searchParams.set('declinetype', record.declinetype);
    return back;
  };

  /** A saved-card charge: once per order id; an unknown token is declined as a card error. */
  const chargeSaved = (charge: z.infer<typeof chargeRequestSchema>): TransactionRecord => {
    const earlier = charges.get(charge.orderid);
    if (earlier) return earlier;
    const card = savedCards.get(charge.token);
    const declinetype = !card ? 'carderror' : card.declines ? 'decline' : undefined;
    const record: TransactionRecord = {
      transid: `sbx-${randomBytes(8).toString('hex')}`,
      status: declinetype ? 'declined' : 'approved',
      amount: charge.amount,
      orderid: charge.orderid,
      sessionid: charge.sessionid,
      ...(declinetype ? { declinetype } : {}),
      ...(card ? { token: charge.token, cardlast4: card.last4 } : {}),
    };
    charges.set(charge.orderid, record);
    transactions.set(record.transid, record);
    persist();
    log(`payments saved-card charge ${record.transid} ${record.status} $${record.amount} for ${record.sessionid}`);
    notify(record);
    return record;
  };

  const route = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const path = url.pathname.slice(PAYMENT_SANDBOX_PREFIX.length);
    if (path === FORM_PATH && req.method === 'GET') {
      const params = formParams.safeParse(Object.fromEntries(url.searchParams));
      if (!params.success) return send(res, 400, 'text/plain; charset=utf-8', params.error.issues.map((i) => i.message).join('\n'));
      return send(res, 200, 'text/html; charset=utf-8', formPage(params.data, `${baseUrl}${FORM_PATH}`), {
        'content-security-policy': `frame-ancestors ${frameAncestors}`,
      });
    }
    if (path === FORM_PATH && req.method === 'POST') {
      const fields = new URLSearchParams(await readBody(req));
      const params = formParams.safeParse(Object.fromEntries(fields));
      if (!params.success) return send(res, 400, 'text/plain; charset=utf-8', params.error.issues.map((i) => i.message).join('\n'));
      const entry = { cardNumber: fields.get('cardnumber') ?? '', expiry: fields.get('expiry') ?? '', cvc: fields.get('cvc') ?? '', zip: fields.get('zip') ?? '' };
      const back = pay(params.data, entry, fields.get('action') ?? 'pay');
      res.writeHead(303, { location: back.toString(), 'cache-control': 'no-store' });
      return res.end();
    }
    if (req.method === 'POST' && path === CHARGE_PATH) {
      if (!authorized(req)) return send(res, 401, 'application/json', JSON.stringify({ error: 'unauthorized' }));
      const parsed = chargeRequestSchema.safeParse(JSON.parse((await readBody(req)) || 'null'));
      if (!parsed.success) return send(res, 400, 'application/json', JSON.stringify({ error: parsed.error.issues.map((i) => i.message).join('; ') }));
      return send(res, 200, 'application/json', JSON.stringify(chargeSaved(parsed.data)));
    }
    if (req.method === 'GET' && (path === HEALTH_PATH || path.startsWith(TRANSACTIONS_PREFIX))) {
      if (!authorized(req)) return send(res, 401, 'application/json', JSON.stringify({ error: 'unauthorized' }));
      if (path === HEALTH_PATH) return send(res, 200, 'application/json', JSON.stringify({ status: 'ok' }));
      const record = transactions.get(decodeURIComponent(path.slice(TRANSACTIONS_PREFIX.length)));
      return record
        ? send(res, 200, 'application/json', JSON.stringify(record))
        : send(res, 404, 'application/json', JSON.stringify({ error: 'unknown transaction' }));
    }
    return send(res, 404, 'text/plain; charset=utf-8', 'Not found');
  };

  return {
    prefix: PAYMENT_SANDBOX_PREFIX,
    listener: (req, res) => {
      route(req, res).catch((err: unknown) => {
        log(`payments sandbox error: ${err instanceof Error ? err.message : String(err)}`);
        if (!res.headersSent) send(res, 500, 'text/plain; charset=utf-8', 'Sandbox error');
        else res.destroy();
      });
    },
    environment: { PAYMENT_PROVIDER_URL: baseUrl, PAYMENT_SECRET: options.secret },
    settled: async () => {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}

function send(res: http.ServerResponse, status: number, contentType: string, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': contentType, 'cache-control': 'no-store', ...headers });
  res.end(body);
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new Error('form body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The hosted form: card fields, the amount shown (not editable), Pay and Cancel. */
function formPage(params: FormParams, action: string): string {
  const hidden = (['amount', 'orderid', 'sessionid', 'returnurl', 'avs', 'cvv', 'savecard'] as const)
    .flatMap((name) => (params[name] === undefined ? [] : [`<input type="hidden" name="${name}" value="${escapeHtml(params[name])}">`]))
    .join('\n      ');
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Card payment (sandbox)</title>
  <style>
    body { font-family: system-ui, sans-serif; margin: 0; padding: 16px; color: #1a1b1e; }
    form { display: grid; gap: 10px; max-width: 360px; }
    label { display: grid; gap: 4px; font-size: 14px; }
    input { font-size: 16px; padding: 6px 8px; border: 1px solid #ced4da; border-radius: 4px; }
    .amount { font-size: 20px; font-weight: 600; }
    .note { font-size: 12px; color: #868e96; }
    .buttons { display: flex; gap: 8px; }
    button { font-size: 16px; padding: 8px 16px; border-radius: 4px; border: 1px solid #228be6; cursor: pointer; }
    button[value="pay"] { background: #228be6; color: white; }
    button[value="cancel"] { background: white; color: #228be6; }
  </style>
</head>
<body>
  <form method="post" action="${escapeHtml(action)}" autocomplete="off">
      ${hidden}
      <div class="amount" aria-label="Amount">Amount: $${escapeHtml(params.amount)}</div>
      <div class="note">Order ${escapeHtml(params.orderid)} &middot; sandbox: no real card is charged</div>${params.savecard ? '\n      <div class="note">This card will be saved for auto-recharge.</div>' : ''}
      <label>Card number<input name="cardnumber" inputmode="numeric" required pattern="[0-9 \\-]{12,23}"></label>
      <label>Expiry (MM/YY)<input name="expiry" placeholder="MM/YY" required pattern="[0-9]{2}\\s*/\\s*[0-9]{2}"></label>
      <label>CVC<input name="cvc" inputmode="numeric" required></label>
      <label>Billing ZIP code<input name="zip" inputmode="numeric" required></label>
      <div class="buttons">
        <button type="submit" name="action" value="pay">Pay</button>
        <button type="submit" name="action" value="cancel" formnovalidate>Cancel</button>
      </div>
  </form>
</body>
</html>
`;
}
