// Card failures reported by the browser (POST account/creditfail): logged and kept for support,
// with card numbers and e-mail addresses masked first, since the text comes from outside.
import { randomUUID } from 'node:crypto';
import { CardFailure } from '#entities/card-failure.ts';
import { logger } from '#platform/logger.ts';
import { maskCardData } from '#platform/mask.ts';

/** How long support can look a failure up (kept 400 days by TTL). */
const KEEP_DAYS = 400;

export type { CardFailure };

const EMAIL = /[^\s@]+@[^\s@]+\.[^\s@]+/g;

/** Card numbers keep only their last four digits, security codes go, e-mail addresses are removed. */
export function maskPersonalData(text: string): string {
  return maskCardData(text).replace(EMAIL, '[email]');
}

export async function recordCardFailure(input: {
  agentId: string;
  userId: string;
  error: string;
  referenceId?: string;
  amountCents?: number;
  at?: Date;
}): Promise<CardFailure> {
  const at = input.at ?? new Date();
  const failure: CardFailure = {
    failureId: randomUUID(),
    agentId: input.agentId,
    at: at.toISOString(),
    error: maskPersonalData(input.error),
    ...(input.referenceId ? { referenceId: maskPersonalData(input.referenceId) } : {}),
    ...(input.amountCents === undefined ? {} : { amountCents: input.amountCents }),
    userId: input.userId,
    ttl: Math.floor(at.getTime() / 1000) + KEEP_DAYS * 86_400,
  };
  await CardFailure.put(failure);
  logger.warn('Card payment failed', {
    failureId: failure.failureId,
    agentId: failure.agentId,
    referenceId: failure.referenceId,
    amountCents: failure.amountCents,
    error: failure.error,
  });
  return failure;
}
