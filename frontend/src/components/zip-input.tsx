// A US zip code field (spec part 1 §5): it keeps digits only, at most five, whether typed or pasted
// ("60601-1234" keeps "60601"); `isCompleteZip` tells when a form may send it.
import { TextInput, type TextInputProps } from '@mantine/core';
import { zipInput, ZIP_LENGTH } from './shell/zip-code.ts';

export { isCompleteZip, zipInput } from './shell/zip-code.ts';

export interface ZipInputProps extends Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange' | 'type' | 'inputMode' | 'maxLength'> {
  value: string;
  onChange: (zip: string) => void;
}

export function ZipInput({ value, onChange, label = 'Zip Code', ...rest }: ZipInputProps) {
  return (
    <TextInput
      label={label}
      autoComplete="postal-code"
      {...rest}
      value={value}
      // maxLength would cut a pasted ZIP+4 before the filter sees it; the filter keeps five digits.
      onChange={(event) => onChange(zipInput(event.currentTarget.value))}
      inputMode="numeric"
      pattern={`\\d{${ZIP_LENGTH}}`}
    />
  );
}
