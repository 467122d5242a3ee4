import { describe, expect, it } from 'vitest';
import {
  editMoneyText,
  formatMoneyText,
  isWholeDollars,
  moneyTextProblem,
  parseMoneyText,
  TWO_DECIMALS_AT_MOST,
  WHOLE_DOLLARS_ONLY,
} from './money-input-text.ts';

describe('a whole-dollar money field', () => {
  it('keeps a typed dot and names the problem instead of dropping it', () => {
    expect(editMoneyText('12.')).toEqual({ accepted: true, text: '12.', cents: 1200 });
    expect(moneyTextProblem('12.', 'wholeDollars')).toBe(WHOLE_DOLLARS_ONLY);
  });

  it('reads 12.50 as $12.50 with a problem, never as 1250 dollars or 12', () => {
    expect(editMoneyText('12.50')).toEqual({ accepted: true, text: '12.50', cents: 1250 });
    expect(moneyTextProblem('12.50', 'wholeDollars')).toBe(WHOLE_DOLLARS_ONLY);
  });

  it('takes 12.00 as twelve whole dollars without a problem', () => {
    expect(moneyTextProblem('12.00', 'wholeDollars')).toBeNull();
    expect(isWholeDollars(editMoneyText('12.00').accepted ? 1200 : 1)).toBe(true);
  });

  it('keeps whole dollars as cents', () => {
    expect(editMoneyText('1,250')).toEqual({ accepted: true, text: '1,250', cents: 125_000 });
    expect(moneyTextProblem('1,250', 'wholeDollars')).toBeNull();
  });
});

describe('a dollars-and-cents money field', () => {
  it('has no problem with cents', () => {
    expect(moneyTextProblem('12.50', 'dollarsAndCents')).toBeNull();
  });

  it('reads 12.50 as 1250 cents', () => {
    expect(editMoneyText('12.50')).toEqual({ accepted: true, text: '12.50', cents: 1250 });
  });

  it('reads a half-typed amount as what it shows', () => {
    expect(editMoneyText('12.')).toMatchObject({ accepted: true, cents: 1200 });
    expect(editMoneyText('.5')).toMatchObject({ accepted: true, cents: 50 });
  });

  it('refuses a third decimal with a reason', () => {
    expect(editMoneyText('12.505')).toEqual({ accepted: false, reason: TWO_DECIMALS_AT_MOST });
  });

  it('forgives a pasted dollar sign and spaces', () => {
    expect(editMoneyText(' $1,000.5 ')).toEqual({ accepted: true, text: '1,000.5', cents: 100_050 });
  });

  it('silently ignores letters, minus signs and a second dot', () => {
    expect(editMoneyText('12a')).toEqual({ accepted: false, reason: null });
    expect(editMoneyText('-5')).toEqual({ accepted: false, reason: null });
    expect(editMoneyText('1.2.3')).toEqual({ accepted: false, reason: null });
  });

  it('refuses more whole digits than the field allows', () => {
    expect(editMoneyText('12345678')).toEqual({ accepted: false, reason: null });
    expect(editMoneyText('1234', 3)).toEqual({ accepted: false, reason: null });
  });
});

describe('money field text', () => {
  it('is empty for no amount', () => {
    expect(parseMoneyText('')).toBeNull();
    expect(formatMoneyText(null, 'dollarsAndCents')).toBe('');
  });

  it('is written with thousands separators, and cents unless the field is whole dollars', () => {
    expect(formatMoneyText(123_450, 'dollarsAndCents')).toBe('1,234.50');
    expect(formatMoneyText(123_400, 'wholeDollars')).toBe('1,234');
  });
});
