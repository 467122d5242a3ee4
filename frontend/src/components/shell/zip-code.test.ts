import { describe, expect, it } from 'vitest';
import { isCompleteZip, zipInput } from './zip-code.ts';

describe('the zip code field', () => {
  it('keeps digits only, at most five', () => {
    expect(zipInput('6a0-60 1 99')).toBe('60601');
    expect(zipInput('abc')).toBe('');
  });

  it('allows Update only with exactly five digits', () => {
    expect(isCompleteZip('6060')).toBe(false);
    expect(isCompleteZip('60601')).toBe(true);
  });
});
