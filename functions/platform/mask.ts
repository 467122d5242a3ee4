// Card data never reaches a log line or a stored text: card numbers keep their last four digits however
// they are separated, and card security codes are replaced, in free text and in named fields.

/**
 * A run of digits joined by up to three separators each (spaces, tabs, dots, dashes, underscores,
 * slashes): a card number typed or pasted in any shape. Colons and commas are not separators, so
 * times and lists of amounts stay readable.
 */
const DIGIT_RUN = /(?<!\d)\d(?:[\s.\-_/\\]{0,3}\d)*/g;
const CARD_MIN_DIGITS = 12;
/**
 * A UUID (8-4-4-4-12 hex digits), or else a digit run: a UUID is an id, never a card number, but about
 * one in thirty has twelve digits joined by its dashes (`…-1234-5678-9012…`), which a digit run alone
 * would mask, losing the id a support person looks for.
 */
const UUID_OR_DIGIT_RUN = new RegExp(`(?<![0-9a-f])[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?![0-9a-f])|${DIGIT_RUN.source}`, 'gi');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A security-code label followed by its 3 or 4 digits ("cvv: 123", "securityCode":"456", "CID 1234"). */
const SECURITY_CODE = /\b(cvc2?|cvv2?|cvn|cvd|cid|csc|cav2|security[\s_-]*code|card[\s_-]*code|verification[\s_-]*code)\b(["']?\s*[:=#]?\s*["']?)\d{3,4}(?!\d)/gi;

const SECURITY_CODE_KEYS = new Set([
  'cvc', 'cvc2', 'cvv', 'cvv2', 'cvn', 'cvd', 'cid', 'csc', 'cav2', 'securitycode', 'cardsecuritycode', 'cardcode',
  'verificationcode', 'cardverificationcode', 'cardverificationvalue',
]);
const CARD_NUMBER_KEYS = new Set(['pan', 'cardnumber', 'cardno', 'ccnumber', 'creditcardnumber', 'creditcard', 'accountnumber']);

const lastFour = (digits: string) => `****${digits.slice(-4)}`;

/** Card numbers (12 digits or more, any separators) keep their last four digits; security codes go. */
export function maskCardData(text: string): string {
  return text
    .replace(SECURITY_CODE, (_m, label: string, between: string) => `${label}${between}***`)
    .replace(UUID_OR_DIGIT_RUN, (run) => {
      if (UUID.test(run)) return run;
      const digits = run.replace(/\D/g, '');
      return digits.length >= CARD_MIN_DIGITS ? lastFour(digits) : run;
    });
}

const normalKey = (key: string) => key.toLowerCase().replace(/[^a-z0-9]/g, '');

/** A value with every string masked, security-code fields replaced and card-number fields cut to four digits. */
export function maskFields<T>(value: T): T {
  return maskValue(value, undefined) as T;
}

function maskValue(value: unknown, key: string | undefined): unknown {
  const k = key === undefined ? undefined : normalKey(key);
  if (k && SECURITY_CODE_KEYS.has(k) && value !== undefined && value !== null && value !== '') return '***';
  if (k && CARD_NUMBER_KEYS.has(k) && (typeof value === 'string' || typeof value === 'number')) {
    const digits = String(value).replace(/\D/g, '');
    return digits.length > 4 ? lastFour(digits) : maskCardData(String(value));
  }
  if (typeof value === 'string') return maskCardData(value);
  if (typeof value === 'number' && Number.isInteger(value) && String(Math.abs(value)).length >= CARD_MIN_DIGITS) return lastFour(String(value));
  if (value instanceof Error) return maskCardData(value.message);
  if (Array.isArray(value)) return value.map((v) => maskValue(v, undefined));
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
    return Object.fromEntries(Object.entries(value).map(([k2, v]) => [k2, maskValue(v, k2)]));
  return value;
}
