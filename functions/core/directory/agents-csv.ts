// The agent list as CSV (My Team and Agents export, spec part 1 §2.4, part 3 §2): the full layout,
// priority and credit line only with their permissions, and the reduced layout for managers.
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import type { DirectoryEntry } from '#core/directory/agent-directory.ts';
import { AGENT_STATUS_NAMES, AGENT_TYPE_NAMES } from '#shared/agent-list.ts';
import { CSV_NEWLINE, csvFileName, csvLines } from '#shared/csv.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

const DATE_TIME_FORMAT = 'M/D/YYYY, h:mm:ss A';
/** Last-lead and termination dates in 2001 or earlier are placeholders for "none" (part 1 §9, part 3 §4). */
const LAST_PLACEHOLDER_YEAR = 2001;

export interface CsvLayout {
  /** Managers' export leaves out status, type, priority, credit line and termination date. */
  reduced: boolean;
  canSeePriority: boolean;
  canSeeCreditLine: boolean;
  /** Times are written in this zone (the agent's own, or Central for staff). */
  ianaZone: string;
}

interface Column {
  header: string;
  cell: (e: DirectoryEntry) => string;
  /** Left out of the managers' reduced export. */
  full?: true;
  /** Only for callers holding this column's permission. */
  needs?: 'priority' | 'creditLine';
}

const money = (cents: number) => (cents / 100).toFixed(2);

function columnsFor(layout: CsvLayout): Column[] {
  const time = (iso: string | undefined, placeholderIsNone = false) => {
    if (!iso) return '';
    const at = dayjs(iso);
    return placeholderIsNone && at.utc().year() <= LAST_PLACEHOLDER_YEAR ? '' : at.tz(layout.ianaZone).format(DATE_TIME_FORMAT);
  };
  const all: Column[] = [
    { header: 'Agent ID', cell: (e) => e.agentId },
    { header: 'First Name', cell: (e) => e.firstName },
    { header: 'Last Name', cell: (e) => e.lastName },
    { header: 'Type', cell: (e) => AGENT_TYPE_NAMES[e.type], full: true },
    { header: 'Status', cell: (e) => AGENT_STATUS_NAMES[e.status], full: true },
    { header: 'Last Login', cell: (e) => time(e.lastLoginAt) },
    { header: 'Last Lead Date Time', cell: (e) => time(e.lastLeadAt, true) },
    { header: 'Current Balance', cell: (e) => money(e.balanceCents) },
    { header: 'Priority', cell: (e) => String(e.priority), full: true, needs: 'priority' },
    { header: 'Credit Line', cell: (e) => money(e.creditLineCents), full: true, needs: 'creditLine' },
    { header: 'Termination Date', cell: (e) => time(e.terminationDate, true), full: true },
  ];
  return all.filter(
    (c) =>
      !(layout.reduced && c.full) &&
      !(c.needs === 'priority' && !layout.canSeePriority) &&
      !(c.needs === 'creditLine' && !layout.canSeeCreditLine),
  );
}

export function agentsCsv(entries: DirectoryEntry[], layout: CsvLayout): string {
  const rows = agentsCsvRows(entries, layout);
  return rows ? `${agentsCsvHeader(layout)}${CSV_NEWLINE}${rows}` : agentsCsvHeader(layout);
}

/** The header line alone (no line break): the export job writes it first, then the rows in chunks. */
export function agentsCsvHeader(layout: CsvLayout): string {
  return csvLines([columnsFor(layout).map((c) => c.header)]);
}

/** The lines of these agents without a header, joined by line breaks ('' for none). */
export function agentsCsvRows(entries: DirectoryEntry[], layout: CsvLayout): string {
  const columns = columnsFor(layout);
  return csvLines(entries.map((e) => columns.map((c) => c.cell(e))));
}

/** 'MyTeam-{MM-DD-YYYY}.csv' for an agent's downline, 'Agents-{MM-DD-YYYY}.csv' for staff. */
export function agentsFileName(subject: 'MyTeam' | 'Agents', exportedAt: Date, ianaZone: string): string {
  return csvFileName(subject, exportedAt, ianaZone);
}
