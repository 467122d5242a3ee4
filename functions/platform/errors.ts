// Typed domain errors. They are turned into responses in exactly one place: the error middleware.

export abstract class AppError extends Error {
  abstract readonly status: number;
  /** Messages shown to the user, in the spec's words. */
  readonly messages: string[];
  constructor(messages: string | string[]) {
    const list = Array.isArray(messages) ? messages : [messages];
    super(list.join('; '));
    this.messages = list;
    this.name = new.target.name;
  }
}

/** 400: the request breaks a rule; messages are the spec's texts. */
export class ValidationFailed extends AppError {
  readonly status = 400;
}

/** 400: a debit larger than the balance allows. */
export class InsufficientFunds extends AppError {
  readonly status = 400;
}

export class Unauthorized extends AppError {
  readonly status = 401;
  constructor() {
    super('Not signed in');
  }
}

export class Forbidden extends AppError {
  readonly status = 403;
  constructor(messages: string | string[] = 'Not allowed to view this resource.') {
    super(messages);
  }
}

export class NotFound extends AppError {
  readonly status = 404;
  constructor(messages: string | string[] = 'Not found') {
    super(messages);
  }
}

export class Conflict extends AppError {
  readonly status = 409;
}

/** 501: the route is in the manifest but its handler is not built yet. */
export class NotImplemented extends AppError {
  readonly status = 501;
  constructor() {
    super('Not implemented');
  }
}

/** 413: a request body above the area's limit (the public forms). */
export class PayloadTooLarge extends AppError {
  readonly status = 413;
}

/** 429: over a caller's rate (the public forms' per-IP limit); `retryAfterSeconds` goes out as Retry-After. */
export class TooManyRequests extends AppError {
  readonly status = 429;
  constructor(
    messages: string | string[],
    readonly retryAfterSeconds?: number,
  ) {
    super(messages);
  }
}

/**
 * 503: the store throttled the request or its answer was lost (the write may have been applied); the
 * same request may be sent again after Retry-After, with the same Idempotency-Key where it has one.
 */
export class ServiceUnavailable extends AppError {
  readonly status = 503;
  constructor(readonly retryAfterSeconds = 1) {
    super('System Unavailable');
  }
}

/** What the AWS SDK throws when DynamoDB is over capacity or an answer did not come back. */
const TRANSIENT_NAMES = new Set([
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'RequestLimitExceeded',
  'InternalServerError',
  'ServiceUnavailable',
  'TransactionInProgressException',
  'TimeoutError',
  'RequestTimeout',
]);
const TRANSIENT_CODES = new Set(['ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ECONNREFUSED']);

/**
 * A failure that says nothing about the request itself: the store was busy or the answer was lost, so
 * the same request may succeed when retried. A transaction cancelled only for throttling counts; one
 * cancelled for a failed condition keeps its meaning (db.ts maps it to the item's own error).
 */
export function isTransient(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  if (TRANSIENT_NAMES.has(err.name)) return true;
  if (TRANSIENT_CODES.has((err as { code?: string }).code ?? '')) return true;
  if (err.name === 'TransactionCanceledException') {
    const reasons = ((err as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? []).map((r) => r.Code ?? 'None');
    return reasons.some((c) => c === 'ThrottlingError' || c === 'ProvisionedThroughputExceeded') && reasons.every((c) => c !== 'ConditionalCheckFailed' && c !== 'ValidationError');
  }
  return false;
}

/** A condition failure that reached the chain unmapped (no repository named an error for it): still a 409. */
export function isConditionFailure(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  if (err.name === 'ConditionalCheckFailedException') return true;
  const reasons = (err as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
  return err.name === 'TransactionCanceledException' && reasons.some((r) => r.Code === 'ConditionalCheckFailed');
}
