import { describe, expect, it } from 'vitest';
import { originHeaderMatches } from './origin-header.ts';

describe('originHeaderMatches', () => {
  it('accepts exactly the secret', () => {
    expect(originHeaderMatches('s3cret-value', 's3cret-value')).toBe(true);
  });

  it('refuses a missing, shorter, longer or different value, and an empty secret', () => {
    expect(originHeaderMatches(undefined, 's3cret-value')).toBe(false);
    expect(originHeaderMatches('s3cret', 's3cret-value')).toBe(false);
    expect(originHeaderMatches('s3cret-value-and-more', 's3cret-value')).toBe(false);
    expect(originHeaderMatches('s3cret-valuf', 's3cret-value')).toBe(false);
    expect(originHeaderMatches('', '')).toBe(false);
  });
});
