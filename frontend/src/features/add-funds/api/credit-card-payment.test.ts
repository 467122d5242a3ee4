import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api/client.ts';
import { retryCredit } from './credit-card-payment.ts';

describe('retrying a card credit', () => {
  it('tries once more after a server error or a lost connection', () => {
    expect(retryCredit(0, new ApiError(500, []))).toBe(true);
    expect(retryCredit(0, new ApiError(0, []))).toBe(true);
  });

  it('does not retry a refusal, nor more than once', () => {
    expect(retryCredit(0, new ApiError(400, ['The card payment could not be found with the card provider.']))).toBe(false);
    expect(retryCredit(1, new ApiError(500, []))).toBe(false);
  });
});
