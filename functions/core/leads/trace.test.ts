import { describe, expect, it } from 'vitest';
import { boundTrace, TRACE_LISTED } from './record.ts';

const pass = (n: number, passedOver: string) => ({ orderId: `o-${n}`, agentId: `A${n}`, passedOver });

describe('the trace stored with a lead', () => {
  it('lists every order when there are few', () => {
    const trace = [pass(1, 'The agent is not active.'), pass(2, '')];
    expect(boundTrace(trace, new Set())).toEqual({ trace });
  });

  it('lists the tried orders, the one that took the lead and the first others; counts the rest by reason', () => {
    const ranking = Array.from({ length: TRACE_LISTED + 30 }, (_v, i) => pass(i, i % 2 ? 'The agent is not active.' : 'The schedule does not cover it.'));
    const trace = [...ranking, pass(900, 'The balance (with the credit line) does not cover the price.'), pass(901, '')];
    const out = boundTrace(trace, new Set(['o-900']));
    expect(out.trace).toEqual([...ranking.slice(0, TRACE_LISTED), pass(900, 'The balance (with the credit line) does not cover the price.'), pass(901, '')]);
    expect(out.traceOmitted).toEqual([
      { passedOver: 'The schedule does not cover it.', count: 15 },
      { passedOver: 'The agent is not active.', count: 15 },
    ]);
  });

  it("adds a retry's omitted orders to the earlier decisions' counts", () => {
    const trace = Array.from({ length: TRACE_LISTED + 2 }, (_v, i) => pass(i, 'The agent is not active.'));
    expect(boundTrace(trace, new Set(), [{ passedOver: 'The agent is not active.', count: 5 }]).traceOmitted).toEqual([{ passedOver: 'The agent is not active.', count: 7 }]);
  });
});
