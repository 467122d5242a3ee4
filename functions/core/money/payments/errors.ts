// Errors of the card payment flow, mapped to responses by the one error middleware like all AppErrors.
import { AppError } from '#platform/errors.ts';
import { SYSTEM_UNAVAILABLE_TITLE } from '#shared/card.ts';

/** 503: the provider did not answer, answered nonsense, or refused our credentials. */
export class PaymentProviderUnavailable extends AppError {
  readonly status = 503;
  constructor(readonly reason: string) {
    super(SYSTEM_UNAVAILABLE_TITLE);
  }
}

/** 401: a notification whose signature does not verify; it never reaches the ledger. */
export class InvalidProviderSignature extends AppError {
  readonly status = 401;
  constructor() {
    super('Invalid provider signature');
  }
}
