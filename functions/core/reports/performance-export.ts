// The marketplace reports' CSV files: written to the exports bucket and handed out as a five-minute
// download link named after the subject and the day of the export (part 3 §9: MM-DD-YYYY).
import { randomUUID } from 'node:crypto';
import { bucket as configuredBucket } from '#platform/config.ts';
import { reportDay } from '#platform/report-day.ts';
import { presignDownload, putFile } from '#platform/s3.ts';
import { csvFileName } from '#shared/csv.ts';

export const EXPORT_URL_SECONDS = 300;

export interface ReportFile {
  url: string;
  fileName: string;
}

export async function writeReportCsv(subject: string, csv: string, now = new Date()): Promise<ReportFile> {
  // '{subject}-{MM-DD-YYYY}.csv' on the reporting calendar (the company's zone).
  const fileName = csvFileName(subject, now);
  // Keyed by subject and day; the random part keeps two exports of one day apart.
  const key = `reports/${subject}/${reportDay(now.toISOString())}/${randomUUID()}/${fileName}`;
  const bucket = configuredBucket('EXPORTS_BUCKET');
  await putFile({ bucket, key, body: csv, contentType: 'text/csv; charset=utf-8', fileName });
  const url = await presignDownload({ bucket, key, fileName, expiresInSeconds: EXPORT_URL_SECONDS });
  return { url, fileName };
}

/** Runs `work` over `items`, at most `limit` at a time, answers in the items' order. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/** MM/DD/YYYY of an instant on the reporting calendar (part 3 §9: reports' dates). */
export function reportDate(isoTime: string): string {
  const [y, m, d] = reportDay(isoTime).split('-');
  return `${m}/${d}/${y}`;
}
