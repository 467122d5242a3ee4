// Phone numbers as the spec shows them (part 1 §5): (xxx) xxx-xxxx.

/**
 * Ten digits, or eleven with the US country code 1, become "(xxx) xxx-xxxx"; anything else is shown
 * as it came, so an unexpected value is never hidden or mangled.
 */
export function formatPhone(raw: string): string {
  const digits = raw.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  if (national.length !== 10) return raw;
  return `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`;
}
