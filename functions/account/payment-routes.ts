// Account-area route handlers for the payment part of the agent's account (see routes.ts): adding
// lead money by card, the failure log, and the provider's notification.
import type { AreaRoutes } from '#platform/http.ts';
import { creditDebit } from './credit-debit.ts';
import { creditFail } from './credit-fail.ts';
import { paymentNotify } from './payment-notify.ts';

export const paymentRoutes: AreaRoutes = {
  'account.creditDebit': creditDebit,
  'account.creditFail': creditFail,
  'account.paymentNotify': paymentNotify,
};
