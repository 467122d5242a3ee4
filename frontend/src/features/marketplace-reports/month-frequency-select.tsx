// The month frequency dropdown of Campaign Performance and Campaign Summary Performance.
import { Select } from '@mantine/core';
import { useMemo } from 'react';
import { monthOptions } from './month-frequency.ts';

export function MonthFrequencySelect({ value, onChange }: { value: number; onChange: (choice: number) => void }) {
  const options = useMemo(() => monthOptions(), []);
  return (
    <Select
      label="Month"
      data={options}
      value={String(value)}
      onChange={(v) => v !== null && onChange(Number(v))}
      allowDeselect={false}
      w={{ base: '100%', xs: 220 }}
    />
  );
}
