// The money field's text rules: what a keystroke or paste may leave in the field, the cents it
// means, and how cents are written back. The value is always integer cents; the text is only the
// way a person writes it. A whole-dollar field shows a typed dot and says cents cannot be entered
// instead of dropping the dot, so "12.50" can never turn into 1250.
import { dollarsToCents } from '#shared/money.ts';

export type MoneyMode = 'wholeDollars' | 'dollarsAndCents';

/** Shown under a whole-dollar field while its text carries cents. */
export const WHOLE_DOLLARS_ONLY = 'Whole dollars only: cents cannot be entered.';
/** The reason shown when a third decimal is typed or pasted. */
export const TWO_DECIMALS_AT_MOST = 'Cents take at most two digits.';

/** $9,999,999.99 at most by default: far above any amount the spec allows, far below unsafe integers. */
export const DEFAULT_MAX_WHOLE_DIGITS = 7;

export type MoneyEdit =
  | { accepted: true; text: string; cents: number | null }
  | { accepted: false; reason: string | null };

// Digits with optional thousands commas, then at most one dot and its digits. A leading "$" and
// spaces around a pasted amount are forgiven.
const MONEY_TEXT = /^([\d,]*)(?:\.(\d*))?$/;

/**
 * What the field keeps when its text becomes `typed` (a keystroke or a paste), in either mode. A
 * refused edit keeps the previous text; `reason` says why when the person needs to know (never for a
 * stray letter, which the field simply does not take, like the spec's other keystroke filters).
 */
export function editMoneyText(typed: string, maxWholeDigits = DEFAULT_MAX_WHOLE_DIGITS): MoneyEdit {
  const text = typed.trim().replace(/^\$\s*/, '');
  const match = MONEY_TEXT.exec(text);
  if (!match) return { accepted: false, reason: null };
  const [, wholeWithCommas = '', fraction] = match;
  const whole = wholeWithCommas.replace(/,/g, '');
  if (whole.replace(/^0+(?=\d)/, '').length > maxWholeDigits) return { accepted: false, reason: null };

  // A whole-dollar field keeps a typed dot and its cents on screen (moneyTextProblem names the
  // problem) rather than dropping the dot, which would turn "12.50" into 1250 keystroke by keystroke.
  if (fraction !== undefined && fraction.length > 2) return { accepted: false, reason: TWO_DECIMALS_AT_MOST };
  return { accepted: true, text, cents: parseMoneyText(text) };
}

/**
 * What is wrong with an accepted text, shown under the field until it is fixed: in a whole-dollar
 * field, a dot with anything but zeros after it. The value it reports meanwhile is the exact amount
 * typed (1250 cents for "12.50"), so a whole-dollar schema refuses it too; nothing is rounded unseen.
 */
export function moneyTextProblem(text: string, mode: MoneyMode): string | null {
  if (mode !== 'wholeDollars') return null;
  const dot = text.indexOf('.');
  if (dot === -1) return null;
  return /^0+$/.test(text.slice(dot + 1)) ? null : WHOLE_DOLLARS_ONLY;
}

/** True when cents are a whole number of dollars. */
export const isWholeDollars = (cents: number): boolean => Number.isSafeInteger(cents) && cents % 100 === 0;

/** The cents a field's text means: '' is no amount; "12." and ".5" are what they look like. */
export function parseMoneyText(text: string): number | null {
  const plain = text.replace(/,/g, '').trim();
  if (plain === '' || plain === '.') return null;
  return dollarsToCents(plain.startsWith('.') ? `0${plain}` : plain);
}

/** Cents as the field shows them when not being typed in: "1,234.50", or "1,234" for whole dollars. */
export function formatMoneyText(cents: number | null | undefined, mode: MoneyMode): string {
  if (cents === null || cents === undefined || !Number.isFinite(cents)) return '';
  const abs = Math.abs(Math.round(cents));
  const whole = Math.trunc(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = cents < 0 ? '-' : '';
  if (mode === 'wholeDollars' && abs % 100 === 0) return `${sign}${whole}`;
  return `${sign}${whole}.${String(abs % 100).padStart(2, '0')}`;
}
