import { describe, expect, it } from 'vitest';
import { endAfterStartChange, parseDay } from './campaign-dates.ts';

describe('campaign dates', () => {
  it('a typed M/D/YYYY day is kept as YYYY-MM-DD; a day that does not exist is not', () => {
    expect(parseDay('3/7/2027')).toBe('2027-03-07');
    expect(parseDay('2/30/2027')).toBeNull();
  });

  it('the end moves up with the start, and stays when it is already after it', () => {
    expect(endAfterStartChange('2027-05-01', '2027-04-01')).toBe('2027-05-01');
    expect(endAfterStartChange('2027-05-01', '2027-06-01')).toBe('2027-06-01');
  });
});
