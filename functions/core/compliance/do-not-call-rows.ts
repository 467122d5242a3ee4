// How a do-not-call file is read (issue 24): the Phone column wherever it is (any other columns
// ignored), each 10-digit US number once in file order, and the rows that hold none refused by their
// spreadsheet row; the processor writes the numbers, the retirement of a version reads them back.
import { DNC_PHONE_COLUMN, dncMessages, dncPhoneOf } from '#shared/do-not-call.ts';
import type { CsvRecord } from '#core/uploads/csv.ts';

/** The file's numbers (each once, in file order) and its refused rows; a file problem instead when its header has no Phone column. */
export function readDncRows(records: readonly CsvRecord[]): { phones: string[]; refused: { row: number; text: string; message: string }[]; rows: number } | { problem: string } {
  const header = records[0]?.fields.map((f) => f.trim().toLowerCase());
  const column = header?.indexOf(DNC_PHONE_COLUMN.toLowerCase()) ?? -1;
  if (column < 0) return { problem: dncMessages.header };
  if (records.length < 2) return { problem: dncMessages.noRows };
  const seen = new Set<string>();
  const refused: { row: number; text: string; message: string }[] = [];
  for (const record of records.slice(1)) {
    const text = (record.fields[column] ?? '').trim();
    const phone = dncPhoneOf(text);
    if (phone) seen.add(phone);
    else refused.push({ row: record.row, text, message: dncMessages.phone(text) });
  }
  return { phones: [...seen], refused, rows: records.length - 1 };
}
