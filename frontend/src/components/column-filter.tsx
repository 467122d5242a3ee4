// A server table's text filter, set above the table rather than in its header cells: a button inside
// a sortable header is a control nested in a control, which screen readers cannot announce (axe). The
// clear button is named after the field.
import { ActionIcon, TextInput } from '@mantine/core';

/** Filters take at most this many characters (the list calls refuse longer ones). */
export const COLUMN_FILTER_MAX = 100;

export function ColumnFilter({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <TextInput
      label={label}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      maxLength={COLUMN_FILTER_MAX}
      size="sm"
      rightSection={
        value ? (
          <ActionIcon variant="subtle" color="gray" size="sm" aria-label={`Clear ${label}`} onClick={() => onChange('')}>
            ×
          </ActionIcon>
        ) : null
      }
    />
  );
}
