import { describe, expect, it } from 'vitest';
import { formatPhone } from './phone.ts';

describe('formatPhone', () => {
  it('shows ten digits as (xxx) xxx-xxxx', () => {
    expect(formatPhone('3125550147')).toBe('(312) 555-0147');
  });

  it('ignores punctuation and a leading US country code', () => {
    expect(formatPhone('+1 312-555-0147')).toBe('(312) 555-0147');
    expect(formatPhone('312.555.0147')).toBe('(312) 555-0147');
  });

  it('leaves a number that is not ten digits as it came', () => {
    expect(formatPhone('555-0147')).toBe('555-0147');
    expect(formatPhone('')).toBe('');
  });
});
