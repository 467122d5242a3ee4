// The frame every report page shares (spec part 3 §2, §8, §9): the page title, the report's own
// filters (children), a Start Date / End Date range held to the 31-day limit, Submit, Export with its
// progress line, the count line, the empty texts of §8 and the table. The page owns what was submitted
// (usually in its URL) and the query; the frame owns the draft range and the export's run.
import '@mantine/dates/styles.css';
import { Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useState, type ReactNode } from 'react';
import { companyDay } from '#shared/time-zones.ts';
import { parsePickerDay } from '@/components/date-time.ts';
import { downloadFile } from '@/components/download.ts';

/** Spec part 3 §9: "Date range limit in reports: 31 days" (both ends count: 12/1 to 12/31 is allowed). */
export const MAX_REPORT_DAYS = 31;

/** Spec part 3 §8, word for word. */
export const REPORT_EMPTY_TEXTS = {
  /** Reports with dates. */
  period: 'No results found for the selected date period.',
  /** Internal leads, open orders, ping history. */
  criteria: 'No results found for the selected criteria.',
} as const;

/** Reports show and take days as MM/DD/YYYY (part 3 §9); the range is kept as YYYY-MM-DD. */
export const REPORT_DAY_FORMAT = 'MM/DD/YYYY';

export interface DayRange {
  /** YYYY-MM-DD */
  startDate: string;
  /** YYYY-MM-DD, the last day included. */
  endDate: string;
}

export const REPORT_RANGE_TEXTS = {
  missing: 'Choose both a Start Date and an End Date.',
  reversed: 'End Date cannot be before Start Date.',
  tooLong: (maxDays: number) => `The date range cannot be longer than ${maxDays} days.`,
} as const;

/** Days in a range, both ends included. */
export function daysInRange(range: DayRange): number {
  return Math.round((Date.parse(`${range.endDate}T00:00:00Z`) - Date.parse(`${range.startDate}T00:00:00Z`)) / 86_400_000) + 1;
}

/** Why a picked range cannot be submitted, or undefined when it can. */
export function reportRangeProblem(range: { startDate: string | null; endDate: string | null }, maxDays = MAX_REPORT_DAYS): string | undefined {
  if (!range.startDate || !range.endDate) return REPORT_RANGE_TEXTS.missing;
  if (range.endDate < range.startDate) return REPORT_RANGE_TEXTS.reversed;
  if (daysInRange(range as DayRange) > maxDays) return REPORT_RANGE_TEXTS.tooLong(maxDays);
  return undefined;
}

/**
 * The range ending today and `days` long: a report's first suggestion. Today is the reporting day
 * (Central) the reports count their days in, not the browser's: west of Central, late in the evening,
 * the browser's range left out the day's newest rows.
 */
export function lastDays(days = 7, now = new Date()): DayRange {
  const endDate = companyDay(now);
  const start = new Date(`${endDate}T00:00:00Z`);
  start.setUTCDate(start.getUTCDate() - (days - 1));
  return { startDate: start.toISOString().slice(0, 10), endDate };
}

/** A file the server wrote, behind a short-lived link (the answer of every export call). */
export interface DownloadLink {
  Url: string;
  FileName: string;
}

/**
 * Runs an export for the range picked (null when the report has no dates) and resolves with the file
 * to download. A long export (a job) reports its progress through `progress` as it goes: the frame
 * shows that text beside the button until the promise settles. A rejection shows `failedText`.
 */
export type ReportExport = (range: DayRange | null, progress: (text: string) => void) => Promise<DownloadLink>;

export const EXPORT_FAILED_TEXT = 'The export could not be completed. Please try again.';

export interface ReportFrameProps {
  /** The page heading (the route's title). */
  title: string;
  /** The report's own filters (dropdowns), shown before the dates. */
  children?: ReactNode;
  /** False for reports without dates (Open Orders). Default true. */
  dates?: boolean;
  /** The range the pickers start with (the submitted one when the page has one). Default: the last 7 days. */
  initialRange?: DayRange;
  /** Longest range allowed, both ends counted. Default 31 (part 3 §9). */
  maxDays?: number;
  /** Submit was pressed with a valid range (null when `dates` is false). */
  onSubmit: (range: DayRange | null) => void;
  /** False while the report's own filters are incomplete (a required dropdown). Default true. */
  canSubmit?: boolean;
  /** The submitted report is loading. */
  loading?: boolean;
  /** Export's work; no Export button without it. */
  onExport?: ReportExport;
  /** 'Export' (default) or 'CSV Export' (Account Summary). */
  exportLabel?: string;
  /**
   * Rows the submitted report found: undefined before any Submit (nothing below the controls), 0 for
   * the empty text, more for the count line and the table.
   */
  count?: number;
  /** The count line, e.g. (n) => `${n} transaction(s) found`; none when left out. */
  countText?: (count: number) => string;
  /** Which §8 text an empty result shows. Default 'period'. */
  empty?: keyof typeof REPORT_EMPTY_TEXTS;
  /** The table (ServerDataTable), shown when count > 0. */
  table?: ReactNode;
}

type ExportState = { kind: 'idle' } | { kind: 'running'; text: string } | { kind: 'failed' };

export function ReportFrame(props: ReportFrameProps) {
  const { title, children, dates = true, maxDays = MAX_REPORT_DAYS, canSubmit = true, exportLabel = 'Export', empty = 'period' } = props;
  const [draft, setDraft] = useState<{ startDate: string | null; endDate: string | null }>(() => props.initialRange ?? lastDays());
  const [exporting, setExporting] = useState<ExportState>({ kind: 'idle' });
  const problem = dates ? reportRangeProblem(draft, maxDays) : undefined;
  const ready = canSubmit && problem === undefined;
  const range = (): DayRange | null => (dates ? { startDate: draft.startDate!, endDate: draft.endDate! } : null);

  const runExport = async () => {
    const { onExport } = props;
    if (!onExport || !ready) return;
    setExporting({ kind: 'running', text: 'Exporting…' });
    try {
      const file = await onExport(range(), (text) => setExporting({ kind: 'running', text }));
      downloadFile(file.Url, file.FileName);
      setExporting({ kind: 'idle' });
    } catch (err) {
      // Part 3 §8: report fetch failures are only logged; an export the user waited for says it failed.
      console.error('Report export failed', err);
      setExporting({ kind: 'failed' });
    }
  };

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Group align="flex-end" gap="sm" wrap="wrap">
        {children}
        {dates && (
          <>
            <DateInput
              label="Start Date"
              value={draft.startDate}
              onChange={(startDate) => setDraft((current) => ({ ...current, startDate }))}
              valueFormat={REPORT_DAY_FORMAT}
              dateParser={parsePickerDay}
              placeholder={REPORT_DAY_FORMAT}
              w={150}
            />
            <DateInput
              label="End Date"
              value={draft.endDate}
              onChange={(endDate) => setDraft((current) => ({ ...current, endDate }))}
              valueFormat={REPORT_DAY_FORMAT}
              dateParser={parsePickerDay}
              placeholder={REPORT_DAY_FORMAT}
              w={150}
            />
          </>
        )}
        <Button onClick={() => ready && props.onSubmit(range())} disabled={!ready} loading={props.loading}>
          Submit
        </Button>
        {props.onExport && (
          // Disabled, not loading, while exporting: the button keeps its name, the progress is beside it.
          <Button variant="outline" onClick={() => void runExport()} disabled={!ready || exporting.kind === 'running'}>
            {exportLabel}
          </Button>
        )}
      </Group>
      {problem && (
        <Text c="red.8" size="sm" role="alert">
          {problem}
        </Text>
      )}
      {exporting.kind === 'running' && (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text size="sm">{exporting.text}</Text>
        </Group>
      )}
      {exporting.kind === 'failed' && (
        <Text size="sm" c="red.8" role="alert">
          {EXPORT_FAILED_TEXT}
        </Text>
      )}
      {props.count === 0 && <Text>{REPORT_EMPTY_TEXTS[empty]}</Text>}
      {props.count !== undefined && props.count > 0 && (
        <>
          {props.countText && <Text fw={500}>{props.countText(props.count)}</Text>}
          {props.table}
        </>
      )}
    </Stack>
  );
}
