// A whole-number field that takes digits only, up to `maxDigits` (spec part 3 §5: retry attempts 2
// digits, retry minutes 4, dedupe days and min score 4, ages 5); its value is a number, or '' while empty.
import { TextInput, type TextInputProps } from '@mantine/core';
import { digitsValue } from './digits.ts';

export interface DigitsInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'maxLength' | 'inputMode'> {
  value?: number | '' | null;
  onChange: (value: number | '') => void;
  maxDigits: number;
  /** The highest value kept: a larger one is lowered to it (min score and dedupe days cap at 1000). */
  max?: number;
}

export function DigitsInput({ value, onChange, maxDigits, max, ...rest }: DigitsInputProps) {
  return (
    <TextInput
      {...rest}
      inputMode="numeric"
      maxLength={maxDigits}
      value={value === '' || value === null || value === undefined ? '' : String(value)}
      onChange={(event) => {
        const next = digitsValue(event.currentTarget.value, maxDigits, max);
        if (next !== undefined) onChange(next);
      }}
    />
  );
}
