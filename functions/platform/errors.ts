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
