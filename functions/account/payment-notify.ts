// POST /api/payments/notify: the card provider's server-to-server result. No session: the HMAC
// signature is the authentication, checked before anything else. An approved payment is credited
// through the same idempotent path as the browser's creditDebit, so whichever arrives second is a no-op.
import { ok, route } from '#platform/http.ts';
import { paymentSettings } from '#core/money/payments/config.ts';
import { creditNotifiedPayment } from '#core/money/payments/card-payments.ts';

export const paymentNotify = route('account.paymentNotify', {
  async handle({ event }) {
    const settings = paymentSettings();
    const transaction = await settings.provider.verifyNotification(event.body, event.headers ?? {});
    const credit = await creditNotifiedPayment(settings, transaction);
    return ok({ received: true, credited: credit !== undefined });
  },
});
