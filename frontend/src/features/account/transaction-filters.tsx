// The From and To pickers with Reset Filters and Filter (spec part 1 §2.5). Days are typed or picked
// as M/D/YYYY and kept as YYYY-MM-DD, the form the API takes.
import '@mantine/dates/styles.css';
import { Button, Group, Text } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { PICKER_FORMAT, parsePickerDay } from './transaction-range.ts';

export interface DraftRange {
  startDate: string | null;
  endDate: string | null;
}

interface TransactionFiltersProps {
  draft: DraftRange;
  onDraftChange: (draft: DraftRange) => void;
  onFilter: () => void;
  onReset: () => void;
  /** True during the spec's one-second wait before filtered results appear. */
  filtering: boolean;
  problem: string | undefined;
}

export function TransactionFilters({ draft, onDraftChange, onFilter, onReset, filtering, problem }: TransactionFiltersProps) {
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <DateInput
        label="From"
        value={draft.startDate}
        onChange={(startDate) => onDraftChange({ ...draft, startDate })}
        valueFormat={PICKER_FORMAT}
        dateParser={parsePickerDay}
        placeholder={PICKER_FORMAT}
        w={150}
      />
      <DateInput
        label="To"
        value={draft.endDate}
        onChange={(endDate) => onDraftChange({ ...draft, endDate })}
        valueFormat={PICKER_FORMAT}
        dateParser={parsePickerDay}
        placeholder={PICKER_FORMAT}
        w={150}
      />
      <Button variant="default" onClick={onReset}>
        Reset Filters
      </Button>
      <Button onClick={onFilter} loading={filtering} disabled={problem !== undefined}>
        Filter
      </Button>
      {problem && (
        <Text c="red" size="sm" role="alert">
          {problem}
        </Text>
      )}
    </Group>
  );
}
