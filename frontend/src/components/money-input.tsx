// A money field whose value is integer cents. Two modes: whole dollars (a Pro Store amount) and
// dollars and cents (transfers, card top-ups). A whole-dollar field keeps a typed dot on screen and
// says cents cannot be entered, and its value stays the exact amount typed (1250 cents for "12.50"),
// so an amount is never silently multiplied or cut and a whole-dollar schema refuses it as well.
// Works with a controlled @mantine/form: `{...form.getInputProps('amountCents')}`.
import { TextInput, type TextInputProps } from '@mantine/core';
import { useState } from 'react';
import { DEFAULT_MAX_WHOLE_DIGITS, editMoneyText, formatMoneyText, type MoneyMode, moneyTextProblem, parseMoneyText } from './money-input-text.ts';

export type { MoneyMode } from './money-input-text.ts';
export { isWholeDollars, WHOLE_DOLLARS_ONLY } from './money-input-text.ts';

export interface MoneyInputProps extends Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange' | 'type' | 'inputMode'> {
  /** Integer cents; null (or '' from a form's empty initial value) while the field is empty. */
  value?: number | null | '';
  onChange: (cents: number | null) => void;
  mode?: MoneyMode;
  /** Digits allowed before the dot (default 7, i.e. up to $9,999,999). */
  maxWholeDigits?: number;
}

const centsOf = (value: MoneyInputProps['value']): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

export function MoneyInput({
  value,
  onChange,
  mode = 'dollarsAndCents',
  maxWholeDigits = DEFAULT_MAX_WHOLE_DIGITS,
  error,
  onBlur,
  leftSection = '$',
  ...rest
}: MoneyInputProps) {
  const cents = centsOf(value);
  const [text, setText] = useState(() => formatMoneyText(cents, mode));
  // Why the last keystroke or paste was refused; cleared by the next accepted one.
  const [reason, setReason] = useState<string | null>(null);

  // The value changed from outside (a form reset, a saved setting): show it. An edit in progress
  // whose text already means this value ("12." is 1200) is left alone.
  const shown = safeParse(text);
  if (shown !== cents) setText(formatMoneyText(cents, mode));

  return (
    <TextInput
      {...rest}
      leftSection={leftSection}
      inputMode={mode === 'wholeDollars' ? 'numeric' : 'decimal'}
      autoComplete="off"
      value={text}
      error={error ?? moneyTextProblem(text, mode) ?? reason}
      onChange={(event) => {
        const edit = editMoneyText(event.currentTarget.value, maxWholeDigits);
        if (!edit.accepted) {
          setReason(edit.reason);
          return;
        }
        setReason(null);
        setText(edit.text);
        if (edit.cents !== cents) onChange(edit.cents);
      }}
      onBlur={(event) => {
        // The field shows the amount it holds in the screen's money format once the person moves on.
        setText(formatMoneyText(cents, mode));
        onBlur?.(event);
      }}
    />
  );
}

function safeParse(text: string): number | null {
  try {
    return parseMoneyText(text);
  } catch {
    return null;
  }
}
