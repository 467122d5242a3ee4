import { describe, expect, it } from 'vitest';
import { proStoreTransferDetail, proStoreTransferSample } from './prostore-transfer.ts';

describe('the ProStoreTransferCompleted detail', () => {
  it('accepts the sample', () => {
    expect(proStoreTransferDetail.parse(proStoreTransferSample.detail)).toEqual(proStoreTransferSample.detail);
  });

  it('refuses dollars that disagree with the cents', () => {
    expect(proStoreTransferDetail.safeParse({ ...proStoreTransferSample.detail, amount: 50.01 }).success).toBe(false);
  });

  it('refuses an event id that is not the transfer’s idempotency key', () => {
    expect(proStoreTransferDetail.safeParse({ ...proStoreTransferSample.detail, eventId: 'prostore:2025-W47:A1001' }).success).toBe(false);
  });
});
