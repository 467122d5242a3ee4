// The by-day index of the day sums: every way a day sum is written carries its keys.
import { describe, expect, it } from 'vitest';
import { DaySummary } from '#entities/day-summary.ts';
import { accountItems } from '#core/money/ledger.ts';
import { daySummaryOf } from '#core/views/day-sums-view.ts';
import { LeadSale } from '#entities/lead-sale.ts';
import { DAY_INDEX_SHARDS, hashShard } from '#platform/shard.ts';

describe('DaySummary by-day index', () => {
  it('puts a day sum in its day\'s partition, keyed by agent', () => {
    expect(DaySummary.keys({ agentId: 'A1', day: '2025-01-02', openingBalanceCents: 0, closingBalanceCents: 1, entryCount: 1, updatedAt: 'x' })).toMatchObject({
      gsi2pk: `DAYSUM_DAY#2025-01-02#${hashShard('A1', DAY_INDEX_SHARDS)}`,
      gsi2sk: 'A1',
    });
    expect(DaySummary.query.ofDay('2025-01-02', 3).key).toEqual({ index: 'gsi2', pk: 'DAYSUM_DAY#2025-01-02#3' });
  });

  it('writes the index keys with the whole day sum the projector puts', () => {
    const entry = { at: '2025-01-02T18:00:00.000Z', type: 'CreditCardPayment' as const, creditCents: 5, debitCents: 0, balanceAfterCents: 5 };
    expect(DaySummary.toItem(daySummaryOf('A1', '2025-01-02', [entry]))).toMatchObject({ gsi2pk: `DAYSUM_DAY#2025-01-02#${hashShard('A1', DAY_INDEX_SHARDS)}`, gsi2sk: 'A1' });
  });

  it('gives the bulk-seeded day sums their keys too', () => {
    const items = accountItems('A1', 0, [{ at: '2024-05-01T15:00:00.000Z', deltaCents: 100, type: 'CreditCardPayment', description: 'Card' }]);
    expect(items.find((i) => i.entity === 'DaySummary')).toMatchObject({ gsi2pk: `DAYSUM_DAY#2024-05-01#${hashShard('A1', DAY_INDEX_SHARDS)}`, gsi2sk: 'A1' });
  });

  it("puts a lead sale in its reporting day's partition (Central), in time order", () => {
    const sale = {
      leadId: 'L1', userFacingLeadId: 1, at: '2025-01-02T03:00:00.000Z', agentId: 'A1', recipientAgentId: 'A1', orderId: 'O1', userFacingOrderId: 1,
      campaignId: 'C1', agentPurchasePriceCents: 2500, companyPurchasePriceCents: 500, ledgerEntryId: 'E1', why: '',
    };
    expect(LeadSale.keys(sale)).toMatchObject({ gsi3pk: `SALES_DAY#2025-01-01#${hashShard('L1', DAY_INDEX_SHARDS)}`, gsi3sk: '2025-01-02T03:00:00.000Z#L1#A1' });
  });
});
