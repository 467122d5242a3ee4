// What a processor of one upload kind is given and returns. The pipeline (process-upload.ts) claims
// the upload, reads and parses the file, and writes the report and the outcome; a processor only
// checks the rows and applies them, all or nothing.
import type { UploadKind } from '#shared/api/uploads.ts';
import type { Upload } from '#entities/upload.ts';
import type { CsvRecord } from './csv.ts';

export interface ProcessorInput {
  upload: Upload;
  /** Every non-blank record, the header first. */
  records: CsvRecord[];
  now: Date;
}

export interface ProcessorOutcome {
  status: 'Succeeded' | 'Failed';
  /** Data rows in the file, and how many of them were refused. */
  rows: number;
  failedRows: number;
  /** Row-numbered, in row order; empty on success. */
  errorMessages: string[];
  /** The result report: one line per row with its outcome. */
  report: { header: string[]; rows: (string | number | null)[][] };
}

export interface UploadProcessor {
  kind: UploadKind;
  process(input: ProcessorInput): Promise<ProcessorOutcome>;
}
