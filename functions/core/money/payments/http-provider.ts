// The production adapter: PaymentProvider over the provider's HTTP API (protocol.ts), with its URLs
// and secret from configuration. Locally the same adapter talks to the sandbox the local stack serves.
import { ValidationFailed } from '#platform/errors.ts';
import { zodMessages } from '#platform/http.ts';
import { logger } from '#platform/logger.ts';
import { InvalidProviderSignature, PaymentProviderUnavailable } from './errors.ts';
import {
  bearer,
  CHARGE_PATH,
  FORM_FLAGS,
  HEALTH_PATH,
  isSignatureValid,
  notificationSchema,
  SIGNATURE_HEADER,
  toProviderTransaction,
  transactionPath,
  transactionRecordSchema,
} from './protocol.ts';
import type { HostedFormRequest, PaymentProvider, ProviderTransaction, StoredCardCharge } from './provider.ts';

export interface HttpProviderOptions {
  /** Base URL of the provider's API (look-ups, health). */
  apiUrl: string;
  /** The hosted payment form the browser loads in a frame. */
  formUrl: string;
  /** The shared secret; a function so it is fetched once, on first use, not at import. */
  secret: () => Promise<string>;
  /** Per request; a provider slower than this counts as unavailable (default 8 s). */
  timeoutMs?: number;
  /** Seconds since the epoch; tests move the clock. */
  nowSeconds?: () => number;
}

const DEFAULT_TIMEOUT_MS = 8_000;

/** Exact dollars text of integer cents ('125.00'), without float formatting. */
export const centsText = (cents: number) => `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

export class HttpPaymentProvider implements PaymentProvider {
  private readonly apiUrl: string;

  constructor(private readonly options: HttpProviderOptions) {
    this.apiUrl = options.apiUrl.replace(/\/+$/, '');
  }

  async checkAvailable(): Promise<void> {
    const res = await this.request(HEALTH_PATH);
    await res.body?.cancel();
    if (!res.ok) throw new PaymentProviderUnavailable(`health check answered ${res.status}`);
  }

  hostedFormUrl(request: HostedFormRequest): string {
    const url = new URL(this.options.formUrl);
    url.searchParams.set('amount', centsText(request.amountCents));
    url.searchParams.set('orderid', request.orderId);
    url.searchParams.set('sessionid', request.sessionId);
    url.searchParams.set('returnurl', request.returnUrl);
    url.searchParams.set('avs', FORM_FLAGS.avs);
    url.searchParams.set('cvv', FORM_FLAGS.cvv);
    if (request.saveCard) url.searchParams.set('savecard', 'y');
    return url.toString();
  }

  async findTransaction(transactionId: string): Promise<ProviderTransaction | undefined> {
    const res = await this.request(transactionPath(transactionId));
    if (res.status === 404) {
      await res.body?.cancel();
      return undefined;
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new PaymentProviderUnavailable(`look-up answered ${res.status}`);
    }
    const parsed = transactionRecordSchema.safeParse(await res.json().catch(() => undefined));
    if (!parsed.success) throw new PaymentProviderUnavailable(`look-up answer is malformed: ${zodMessages(parsed.error).join('; ')}`);
    // An answer about another transaction would let one payment stand in for another.
    if (parsed.data.transid !== transactionId) throw new PaymentProviderUnavailable('look-up answered for another transaction');
    return toProviderTransaction(parsed.data);
  }

  async verifyNotification(body: unknown, headers: Record<string, string | undefined>): Promise<ProviderTransaction> {
    const parsed = notificationSchema.safeParse(body);
    if (!parsed.success) throw new ValidationFailed(zodMessages(parsed.error));
    const now = this.options.nowSeconds?.() ?? Math.floor(Date.now() / 1000);
    if (!isSignatureValid(await this.options.secret(), parsed.data, headers[SIGNATURE_HEADER], now)) throw new InvalidProviderSignature();
    return toProviderTransaction(parsed.data);
  }

  async chargeStoredCard(charge: StoredCardCharge): Promise<ProviderTransaction> {
    const body = { token: charge.cardToken, amount: centsText(charge.amountCents), orderid: charge.orderId, sessionid: charge.sessionId };
    const res = await this.request(CHARGE_PATH, body);
    if (!res.ok) {
      await res.body?.cancel();
      throw new PaymentProviderUnavailable(`charge answered ${res.status}`);
    }
    const parsed = transactionRecordSchema.safeParse(await res.json().catch(() => undefined));
    if (!parsed.success) throw new PaymentProviderUnavailable(`charge answer is malformed: ${zodMessages(parsed.error).join('; ')}`);
    // An answer for another order would let one charge stand in for another.
    if (parsed.data.orderid !== charge.orderId) throw new PaymentProviderUnavailable('charge answered for another order');
    return toProviderTransaction(parsed.data);
  }

  private async request(path: string, jsonBody?: unknown): Promise<Response> {
    const secret = await this.options.secret();
    try {
      return await fetch(`${this.apiUrl}${path}`, {
        ...(jsonBody === undefined ? {} : { method: 'POST', body: JSON.stringify(jsonBody) }),
        headers: { authorization: bearer(secret), accept: 'application/json', ...(jsonBody === undefined ? {} : { 'content-type': 'application/json' }) },
        signal: AbortSignal.timeout(this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      });
    } catch (err) {
      // The URL may carry a path worth knowing; the secret is in a header and never logged.
      logger.warn('Card provider unreachable', { url: `${this.apiUrl}${path}`, error: err instanceof Error ? err.message : String(err) });
      throw new PaymentProviderUnavailable('unreachable');
    }
  }
}
