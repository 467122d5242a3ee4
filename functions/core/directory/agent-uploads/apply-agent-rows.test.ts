import { describe, expect, it } from 'vitest';
import { inAgentOrder, rowKey } from './apply-agent-rows.ts';

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 1));

describe('inAgentOrder', () => {
  it('runs the rows of one agent in file order, never more than the limit at once', async () => {
    const rows = Array.from({ length: 40 }, (_v, i) => ({ n: i, agent: `A${i % 5}` }));
    const started: number[] = [];
    let running = 0;
    let most = 0;
    await inAgentOrder(rows, (r) => r.agent, 3, async (r) => {
      running++;
      most = Math.max(most, running);
      started.push(r.n);
      await tick();
      running--;
    });
    expect(most).toBe(3);
    expect(started).toHaveLength(40);
    for (let a = 0; a < 5; a++) {
      const ofAgent = started.filter((n) => n % 5 === a);
      expect(ofAgent).toEqual([...ofAgent].sort((x, y) => x - y));
    }
  });

  it('keeps one agent sequential even when it has every row', async () => {
    let running = 0;
    let most = 0;
    await inAgentOrder([1, 2, 3, 4], () => 'A1', 8, async () => {
      running++;
      most = Math.max(most, running);
      await tick();
      running--;
    });
    expect(most).toBe(1);
  });

  it('stops starting rows after the first error and throws it once the started rows settle', async () => {
    const done: number[] = [];
    const rows = Array.from({ length: 20 }, (_v, i) => i);
    await expect(
      inAgentOrder(rows, (n) => `A${n}`, 2, async (n) => {
        await tick();
        if (n === 3) throw new Error('boom');
        done.push(n);
      }),
    ).rejects.toThrow('boom');
    expect(done.length).toBeLessThan(6);
  });
});

describe('row keys', () => {
  it('keys a transaction row by its TransactionID and a reimbursement by its agent and Code, whatever file or row carries them', () => {
    const transaction = { transactionId: 'TX-9', agentId: 'A1', amountCents: 1, deltaCents: 1, type: 'LeadCredit' as const, description: 'd' };
    expect(rowKey('transaction', { ...transaction, row: 2 })).toBe('transaction:TX-9');
    expect(rowKey('transaction', { ...transaction, row: 7, description: 'other' })).toBe('transaction:TX-9');
    const reimbursement = { code: 'R-1', agentId: 'A1', amountCents: 5, description: 'd' };
    expect(rowKey('reimburse', { ...reimbursement, row: 2 })).toBe('reimburse:A1:R-1');
    expect(rowKey('reimburse', { ...reimbursement, row: 9, description: 'other' })).toBe('reimburse:A1:R-1');
    expect(rowKey('reimburse', { ...reimbursement, row: 2, agentId: 'A2' })).toBe('reimburse:A2:R-1');
  });

  it('gives a credit limit row no key: a line sent again is set again', () => {
    expect(rowKey('creditLimit', { row: 2, agentId: 'A1', creditLineCents: 500 })).toBeUndefined();
  });
});
