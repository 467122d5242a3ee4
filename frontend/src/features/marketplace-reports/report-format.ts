// How the marketplace reports show and save their figures (part 3 §9): dates MM/DD/YYYY on the
// reporting calendar, money with a dollar sign, two decimals and thousands commas; client-side CSV
// files named after the subject and the day (MM-DD-YYYY).
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { csvFileName } from '#shared/csv.ts';
import { COMPANY_TIME_ZONE } from '#shared/time-zones.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

export function reportDate(iso: string | null | undefined): string {
  return iso ? dayjs(iso).tz(COMPANY_TIME_ZONE).format('MM/DD/YYYY') : '';
}

/** A file behind a link, as the report frame downloads it (the shape of every export's answer). */
export interface DownloadLink {
  Url: string;
  FileName: string;
}

/** A CSV built in the browser, as the link the report frame downloads. */
export function csvDownload(subject: string, csv: string): DownloadLink {
  return { Url: URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' })), FileName: csvFileName(subject, new Date()) };
}

/** Rows of a client-paged table: the page's slice and the number of pages. */
export function pageOf<T>(rows: readonly T[], page: number, size: number): T[] {
  return rows.slice((page - 1) * size, page * size);
}
