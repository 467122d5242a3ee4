// Masking of personal data in card failure texts before they are logged or stored.
import { describe, expect, it } from 'vitest';
import { maskPersonalData } from './card-failures.ts';

describe('maskPersonalData', () => {
  it('keeps only the last four digits of a card number, plain or grouped', () => {
    expect(maskPersonalData('card 4111111111111111 declined')).toBe('card ****1111 declined');
    expect(maskPersonalData('card 4111 1111 1111 1234')).toBe('card ****1234');
    expect(maskPersonalData('amex 3782-822463-10005')).toBe('amex ****0005');
  });

  it('leaves provider codes, amounts and short numbers alone', () => {
    expect(maskPersonalData('decline|avs 125.00 order LC26325100000a1b2c3d4 zip 78701')).toBe(
      'decline|avs 125.00 order LC26325100000a1b2c3d4 zip 78701',
    );
  });

  it('removes e-mail addresses', () => {
    expect(maskPersonalData('failed for jane.doe@example.com')).toBe('failed for [email]');
  });
});
