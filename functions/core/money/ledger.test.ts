import { beforeEach, describe, expect, it, vi } from 'vitest';
import { InsufficientFunds, ValidationFailed } from '#platform/errors.ts';
import type * as DbModule from '#platform/db.ts';
import { accountItems, creditItems, debitItems, entryTime, INSUFFICIENT_FUNDS, postEntry, SELF_TRANSFER, transfer } from './ledger.ts';

// Reads and transactions are replaced so these tests can stage a race; the real thing runs in
// tests/integration/ledger.test.ts against DynamoDB Local.
const db = vi.hoisted(() => ({ batchGet: vi.fn(), transactWrite: vi.fn() }));
vi.mock('#platform/db.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof DbModule>()),
  batchGet: db.batchGet,
  transactWrite: db.transactWrite,
  sleep: () => Promise.resolve(),
}));

const balanceItem = (balanceCents: number, version: number, creditLineCents = 0) => ({
  pk: 'AGENT#A1',
  sk: 'BALANCE',
  entity: 'Balance',
  agentId: 'A1',
  balanceCents,
  creditLineCents,
  version,
  updatedAt: '2024-01-01T00:00:00.000Z',
});

const debit = (deltaCents: number) => ({ agentId: 'A1', deltaCents, type: 'LeadSpend' as const, description: 'Lead', idempotencyKey: 'k' });

beforeEach(() => {
  db.batchGet.mockReset();
  db.transactWrite.mockReset();
});

describe('postEntry', () => {
  it('writes balance and entry in one transaction (no day sum: a view), conditioned on the version read and the floor', async () => {
    db.batchGet.mockResolvedValueOnce([balanceItem(5_000, 7)]);
    db.transactWrite.mockResolvedValueOnce({ status: 'committed' });

    const result = await postEntry(debit(-1_200));

    expect(result).toMatchObject({ agentId: 'A1', deltaCents: -1_200, balanceCents: 3_800 });
    const [items, opts] = db.transactWrite.mock.calls[0]!;
    // The balance and its entry, nothing derived (the day sum, a crossing and the directory are views).
    expect(items.map((i: { kind: string }) => i.kind)).toEqual(['update', 'put']);
    expect(items[0].condition).toMatchObject({
      expression: 'attribute_exists(pk) AND (version = :expected AND balanceCents >= :mustHold)',
      values: { ':expected': 7, ':mustHold': 1_200 },
    });
    // The version condition proves the balance read is current, so the new balance is set outright.
    expect(Object.values(items[0].update.values)).toEqual(expect.arrayContaining([3_800, 8]));
    expect(items[1].item).toMatchObject({ entity: 'LedgerEntry', debitCents: 1_200, creditCents: 0, balanceAfterCents: 3_800 });
    expect(opts).toMatchObject({ idempotencyKey: 'k', result });
  });

  it('re-reads and retries when the balance changed between read and write', async () => {
    db.batchGet.mockResolvedValueOnce([balanceItem(5_000, 7)]).mockResolvedValueOnce([balanceItem(4_000, 8)]);
    db.transactWrite
      .mockImplementationOnce(async (items: { orFail: () => Error }[]) => {
        throw items[0]!.orFail();
      })
      .mockResolvedValueOnce({ status: 'committed' });

    const result = await postEntry(debit(-1_000));

    expect(result.balanceCents).toBe(3_000);
    expect(db.transactWrite).toHaveBeenCalledTimes(2);
    expect(db.transactWrite.mock.calls[1]![0][0].condition.values[':expected']).toBe(8);
  });

  it('gives up after the configured attempts when the conflict never clears', async () => {
    db.batchGet.mockResolvedValue([balanceItem(5_000, 7)]);
    db.transactWrite.mockImplementation(async (items: { orFail: () => Error }[]) => {
      throw items[0]!.orFail();
    });

    await expect(postEntry(debit(-1_000), { maxAttempts: 3 })).rejects.toThrow('The balance changed while the request ran');
    expect(db.transactWrite).toHaveBeenCalledTimes(3);
  });

  it('refuses a debit above the balance before writing anything', async () => {
    db.batchGet.mockResolvedValueOnce([balanceItem(500, 1)]);

    await expect(postEntry(debit(-501))).rejects.toThrow(INSUFFICIENT_FUNDS);
    expect(db.transactWrite).not.toHaveBeenCalled();
  });

  it('returns the stored result of an earlier request with the same key without reading further', async () => {
    const first = { entryId: 'e1', agentId: 'A1', at: 't', type: 'LeadSpend', deltaCents: -100, balanceCents: 0 };
    const { createHash } = await import('node:crypto');
    const fingerprint = createHash('sha256').update(JSON.stringify(['post', 'A1', -100, 'LeadSpend'])).digest('base64url');
    db.batchGet.mockResolvedValueOnce([{ pk: 'IDEMPOTENCY#k', sk: 'IDEMPOTENCY', result: first, fingerprint }]);

    expect(await postEntry(debit(-100))).toEqual(first);
    expect(db.transactWrite).not.toHaveBeenCalled();
  });

  it('refuses a zero or fractional amount', async () => {
    await expect(postEntry(debit(0))).rejects.toBeInstanceOf(ValidationFailed);
    await expect(postEntry(debit(1.5))).rejects.toBeInstanceOf(ValidationFailed);
  });
});

describe('transfer', () => {
  it('refuses a transfer to the same agent before reading anything', async () => {
    await expect(
      transfer({ fromAgentId: 'A1', toAgentId: 'A1', amountCents: 100, type: 'FundsTransfer', description: 'x', idempotencyKey: 'k' }),
    ).rejects.toThrow(SELF_TRANSFER);
    expect(db.batchGet).not.toHaveBeenCalled();
  });
});

describe('accountItems', () => {
  const movements = [
    { at: '2024-05-01T15:00:00.000Z', deltaCents: 10_000, type: 'CreditCardPayment' as const, description: 'Card' },
    { at: '2024-05-01T16:00:00.000Z', deltaCents: -2_500, type: 'LeadSpend' as const, description: 'Lead' },
    { at: '2024-05-03T16:00:00.000Z', deltaCents: -500, type: 'LeadSpend' as const, description: 'Lead' },
  ];

  it('builds a balance equal to the sum of the entries, with running balances and day sums', () => {
    const items = accountItems('A1', 1_000, movements);
    const entries = items.filter((i) => i.entity === 'LedgerEntry');
    const balance = items.find((i) => i.entity === 'Balance');
    const days = items.filter((i) => i.entity === 'DaySummary');

    expect(entries.map((e) => e.balanceAfterCents)).toEqual([10_000, 7_500, 7_000]);
    expect(balance).toMatchObject({ balanceCents: 7_000, creditLineCents: 1_000, version: 3 });
    expect(days).toEqual([
      expect.objectContaining({ day: '2024-05-01', openingBalanceCents: 0, closingBalanceCents: 7_500, entryCount: 2, creditCreditCardPaymentCents: 10_000, debitLeadSpendCents: 2_500 }),
      expect.objectContaining({ day: '2024-05-03', openingBalanceCents: 7_500, closingBalanceCents: 7_000, entryCount: 1 }),
    ]);
  });

  it('refuses a history that would overdraw the account', () => {
    expect(() => accountItems('A1', 0, [{ ...movements[1]! }])).toThrow(InsufficientFunds);
  });

  it('refuses movements out of time order', () => {
    expect(() => accountItems('A1', 0, [movements[0]!, movements[2]!, movements[1]!])).toThrow('not in time order');
  });
});

describe('entryTime', () => {
  it("is now when the account's last change is in the past", () => {
    const before = Date.now();
    const at = Date.parse(entryTime({ updatedAt: '2020-01-01T00:00:00.000Z' }));
    expect(at).toBeGreaterThanOrEqual(before);
  });

  it("comes after the latest change of every account involved, even when this server's clock is behind", () => {
    const ahead = new Date(Date.now() + 60_000).toISOString();
    const at = entryTime({ updatedAt: '2020-01-01T00:00:00.000Z' }, { updatedAt: ahead });
    expect(at > ahead).toBe(true);
    expect(Date.parse(at) - Date.parse(ahead)).toBe(1);
  });
});

describe('debitItems and creditItems', () => {
  const balance = { agentId: 'A1', balanceCents: 5_000, creditLineCents: 0, version: 3, updatedAt: '2024-05-02T12:00:00.000Z' };

  it("keep a sale's time when it comes after the balance's last change", () => {
    const { result } = debitItems(balance, { deltaCents: -500, type: 'LeadSpend', description: 'Lead', allowCreditLine: false, at: '2024-05-02T12:30:00.000Z' });
    expect(result.at).toBe('2024-05-02T12:30:00.000Z');
  });

  it("append an entry dated at or before the balance's last change just after it, so the ledger stays in time order", () => {
    const debit = debitItems(balance, { deltaCents: -500, type: 'LeadSpend', description: 'Lead', allowCreditLine: false, at: '2024-05-01T09:00:00.000Z' });
    const credit = creditItems(balance, { deltaCents: 500, type: 'LeadCredit', description: 'Credit', at: balance.updatedAt });
    expect([debit.result.at, credit.result.at]).toEqual(['2024-05-02T12:00:00.001Z', '2024-05-02T12:00:00.001Z']);
  });
});
