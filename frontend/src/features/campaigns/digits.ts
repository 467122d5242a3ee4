// Digits-only whole numbers (spec part 3 §5): the value a keystroke leaves, or undefined when the
// keystroke must be ignored.
export function digitsValue(text: string, maxDigits: number, max?: number): number | '' | undefined {
  if (!new RegExp(`^\\d{0,${maxDigits}}$`).test(text)) return undefined;
  if (text === '') return '';
  const value = Number(text);
  return max !== undefined ? Math.min(value, max) : value;
}
