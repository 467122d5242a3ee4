// The card provider's wire contract as the portal speaks it: hosted-form parameters, the transaction
// record of the look-up API, and signed notifications. The local sandbox implements the provider's
// side of it; docs/payments.md describes it for whoever connects the real provider.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { dollarsToCents } from '#shared/money.ts';
import type { ProviderTransaction } from './provider.ts';

export const FORM_PATH = '/pay';
export const HEALTH_PATH = '/health';
/** Server to server: charge a saved card by its token (JSON body, bearer secret), idempotent by order id. */
export const CHARGE_PATH = '/charges';
export const transactionPath = (transactionId: string) => `/transactions/${encodeURIComponent(transactionId)}`;

/** Every hosted form is opened with address verification on and the card security code required. */
export const FORM_FLAGS = { avs: 'y', cvv: 'required' } as const;

/** Look-ups and the health check authenticate with the shared secret as a bearer token (over TLS). */
export const bearer = (secret: string) => `Bearer ${secret}`;

export const SIGNATURE_HEADER = 'x-payment-signature';
/** A notification older (or newer) than this is refused, so a captured one cannot be replayed later. */
export const NOTIFICATION_TOLERANCE_SECONDS = 300;

const dollars = z.string().regex(/^\d{1,7}\.\d{2}$/);

/** The provider's record of one payment (look-up answer and notification body). */
export const transactionRecordSchema = z.object({
  transid: z.string().regex(/^[A-Za-z0-9._-]{1,64}$/),
  status: z.enum(['approved', 'declined']),
  amount: dollars,
  orderid: z.string().min(1).max(22),
  sessionid: z.string().min(1).max(120),
  /** Failure codes of a declined payment, bar-separated ('decline|avs'). */
  declinetype: z.string().min(1).max(200).optional(),
  /** The saved card's token (a form payment with savecard=y, or a charge of a saved card). */
  token: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/).optional(),
  cardlast4: z.string().regex(/^\d{4}$/).optional(),
});
export type TransactionRecord = z.infer<typeof transactionRecordSchema>;

/** The body of a saved-card charge (CHARGE_PATH). */
export const chargeRequestSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  amount: dollars,
  orderid: z.string().regex(/^[A-Za-z0-9-]{1,22}$/),
  sessionid: z.string().min(1).max(120),
});
export type ChargeRequest = z.infer<typeof chargeRequestSchema>;

export const notificationSchema = transactionRecordSchema.extend({
  /** Seconds since the epoch when the provider signed the notification. */
  timestamp: z.number().int().positive(),
});
export type Notification = z.infer<typeof notificationSchema>;

export function toProviderTransaction(record: TransactionRecord): ProviderTransaction {
  return {
    transactionId: record.transid,
    status: record.status,
    amountCents: dollarsToCents(record.amount),
    orderId: record.orderid,
    sessionId: record.sessionid,
    failureCodes: record.declinetype ? record.declinetype.split('|') : [],
    ...(record.token ? { cardToken: record.token } : {}),
    ...(record.cardlast4 ? { cardLast4: record.cardlast4 } : {}),
  };
}

/**
 * HMAC-SHA256 (hex) over the notification's fields in a fixed order, serialized as a JSON array:
 * the signature covers every field the portal acts on, and no field can bleed into the next.
 */
export function signNotification(secret: string, n: Notification): string {
  const canonical = JSON.stringify([n.timestamp, n.transid, n.status, n.amount, n.orderid, n.sessionid, n.declinetype ?? '']);
  return createHmac('sha256', secret).update(canonical).digest('hex');
}

export function isSignatureValid(secret: string, n: Notification, signature: string | undefined, nowSeconds: number): boolean {
  if (!signature || !/^[0-9a-f]{64}$/.test(signature)) return false;
  if (Math.abs(nowSeconds - n.timestamp) > NOTIFICATION_TOLERANCE_SECONDS) return false;
  return timingSafeEqual(Buffer.from(signNotification(secret, n), 'hex'), Buffer.from(signature, 'hex'));
}
