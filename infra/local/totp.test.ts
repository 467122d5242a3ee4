// TOTP codes against the RFC 6238 test vectors (SHA-1, the key "12345678901234567890").
import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, newTotpSecret, totpCode, totpMatches } from './totp.ts';

const RFC_KEY = base32Encode(Buffer.from('12345678901234567890'));

describe('totp', () => {
  it.each([
    [59, '287082'],
    [1111111109, '081804'],
    [1234567890, '005924'],
    [2000000000, '279037'],
  ])('gives the RFC 6238 code at %i s', (seconds, code) => {
    expect(totpCode(RFC_KEY, seconds * 1000)).toBe(code);
  });

  it('accepts the neighbouring steps and nothing further', () => {
    const at = 1234567890_000;
    expect(totpMatches(RFC_KEY, totpCode(RFC_KEY, at - 30_000), at)).toBe(true);
    expect(totpMatches(RFC_KEY, totpCode(RFC_KEY, at + 30_000), at)).toBe(true);
    expect(totpMatches(RFC_KEY, totpCode(RFC_KEY, at - 90_000), at)).toBe(false);
    expect(totpMatches(RFC_KEY, '12345', at)).toBe(false);
  });

  it('round-trips a new key through base32', () => {
    const key = newTotpSecret();
    expect(key).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Encode(base32Decode(key))).toBe(key);
  });
});
