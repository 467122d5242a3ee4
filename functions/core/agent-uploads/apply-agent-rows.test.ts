import { describe, expect, it } from 'vitest';
import { parseCsv } from '#core/uploads/csv.ts';
import { fileDigest, inAgentOrder, rowKey } from './apply-agent-rows.ts';

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
  it('keys a transaction row by its TransactionID, other rows by the file and row number', () => {
    const digest = fileDigest(parseCsv('AgentId,Amount\nA1,5\n'));
    expect(rowKey('transaction', { row: 2, transactionId: 'TX-9', agentId: 'A1', amountCents: 1, deltaCents: 1, type: 'LeadCredit', description: 'd' }, digest)).toBe('transaction:TX-9');
    expect(rowKey('creditLimit', { row: 2, agentId: 'A1', creditLineCents: 500 }, digest)).toBe(`upload:creditLimit:${digest}:2`);
  });

  it('gives the same file the same digest whatever its line ends or byte-order mark, and another file another', () => {
    const a = fileDigest(parseCsv('AgentId,Amount\r\nA1,5\r\n'));
    expect(fileDigest(parseCsv('\uFEFFAgentId,Amount\nA1,5'))).toBe(a);
    expect(fileDigest(parseCsv('AgentId,Amount\nA1,6\n'))).not.toBe(a);
    // A blank line moves the rows after it, and so their keys.
    expect(fileDigest(parseCsv('AgentId,Amount\n\nA1,5\n'))).not.toBe(a);
  });
});
