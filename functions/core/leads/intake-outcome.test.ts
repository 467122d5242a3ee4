import { describe, expect, it } from 'vitest';
import { outcomeName } from './intake.ts';
import { RESULT_REASONS } from './record.ts';

const accepted = (result: 'sold' | 'unsold' | 'duplicate' | 'rejected', reasons?: string[], replayed = false) =>
  ({ status: 'accepted', leadId: 'L', userFacingLeadId: 1, result, replayed, ...(reasons ? { reasons } : {}) }) as const;

describe('the lead outcome a metric counts', () => {
  it('names sold, unsold, duplicate and rejected leads by their result', () => {
    expect(['sold', 'unsold', 'duplicate', 'rejected'].map((r) => outcomeName(accepted(r as 'sold')))).toEqual(['sold', 'unsold', 'duplicate', 'rejected']);
  });

  it('names a lead routed to the call center callCenter, with or without a list', () => {
    expect(outcomeName(accepted('unsold', [RESULT_REASONS.callCenter('Spanish')]))).toBe('callCenter');
    expect(outcomeName(accepted('unsold', [RESULT_REASONS.callCenter('')]))).toBe('callCenter');
  });

  it('names a replay and a lead the criteria refused apart from the decisions', () => {
    expect(outcomeName(accepted('sold', undefined, true))).toBe('replayed');
    expect(outcomeName({ status: 'invalid', errorMessages: ['x'] })).toBe('invalid');
  });
});
