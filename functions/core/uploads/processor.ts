// What a processor of one upload kind is given and returns. The pipeline (process-upload.ts) claims
// the upload, reads and parses the file, and writes the report and the outcome; a processor checks
// the rows and applies them: the whole file or nothing when a row is bad, and for the agent uploads
// row by row once every row passed (a debit beyond the balance refusing that row only). A processor
// whose file may outlast one run (a do-not-call list of millions of numbers) works in steps: it stops
// when the run's time is nearly up and returns where it got to (a pause); the pipeline hands the rest
// to the next run, which is given that checkpoint back.
import type { UploadKind } from '#shared/api/uploads.ts';
import type { Upload } from '#entities/upload.ts';
import type { CsvRecord } from './csv.ts';

export interface ProcessorInput {
  upload: Upload;
  /** Every non-blank record, the header first. */
  records: CsvRecord[];
  now: Date;
  /**
   * Records how far applying the rows got, for the page polling the upload ("rows done of total").
   * Never throws; a processor that applies rows one by one calls it every so many rows.
   */
  progress?: (rowsDone: number, rows: number, checkpoint?: Checkpoint) => Promise<void>;
  /** Where an earlier run of this upload got to (its last pause or progress with a checkpoint). */
  resume?: Checkpoint;
  /** The milliseconds this run has left (the Lambda's remaining time); a processor in steps pauses before a step it may not finish. */
  timeLeftMs?: () => number;
}

/** How far a processor in steps got, in its own terms (numbers only: rows written, numbers counted). */
export type Checkpoint = Record<string, number>;

/** A processor in steps out of time: the next run goes on from `checkpoint`. */
export interface ProcessorPause {
  status: 'Paused';
  checkpoint: Checkpoint;
  rows: number;
  rowsDone: number;
}

export interface ProcessorOutcome {
  status: 'Succeeded' | 'Failed';
  /** Data rows in the file, and how many of them were refused. */
  rows: number;
  failedRows: number;
  /** Rows applied or refused one by one (the agent uploads); absent for a file applied as a whole. */
  rowsDone?: number;
  /** Rows an earlier upload had applied already, so nothing moved for them now (the agent uploads). */
  alreadyAppliedRows?: number;
  /** Row-numbered, in row order: why the file, or the rows that were refused, failed. */
  errorMessages: string[];
  /** The result report: one line per row with its outcome. */
  report: { header: string[]; rows: (string | number | null)[][] };
}

export interface UploadProcessor {
  kind: UploadKind;
  process(input: ProcessorInput): Promise<ProcessorOutcome | ProcessorPause>;
}
