// The csvProcess job's do-not-call processor (issue 24): reads a list's file (a Phone column, any
// other columns ignored), refuses the rows that hold no 10-digit US number (reported by row, the rest
// applied), and writes the numbers in batches (do-not-call-writer.ts).
// - replace (or the first file of a list): every number under the version the ticket took, then, in
//   one transaction, that version made the list's active one (unless a later file's already is) and
//   the upload marked applied. The old version's numbers stop matching at once; no delete pass.
// - add: the numbers not yet on the active version are written under it, and the list's count raised
//   by them in the transaction that marks the upload applied (refused if the list was replaced meanwhile).
// A run again (the job died, S3 delivered the event twice) writes the same items again and applies the
// list's change once: the upload's `appliedAt` is the condition.
// The report lists the refused rows and one line with the total, not a line per number.
// A list of millions outlasts one run: the numbers are written in steps of DNC_WRITE_STEP, each step's
// end a checkpoint (numbers done, and for an add the numbers new so far), and a run with less than
// DNC_STEP_MARGIN_MS left pauses there; the next run reads the same file and goes on from it.
import { DNC_PHONE_COLUMN, dncMessages, dncPhoneOf } from '#shared/do-not-call.ts';
import { DncList, DncUpload, type DncUpload as DncUploadItem } from '#entities/do-not-call.ts';
import { ConditionFailed, transactWrite } from '#platform/db.ts';
import { Conflict } from '#platform/errors.ts';
import type { CsvRecord } from '#core/uploads/csv.ts';
import type { ProcessorInput, ProcessorOutcome, ProcessorPause, UploadProcessor } from '#core/uploads/processor.ts';
import { DNC_WRITE_STEP, newOnVersion, writeDncNumbers, type DncTarget } from './do-not-call-writer.ts';

/**
 * A step is begun only with this much of the run left: a step of DNC_WRITE_STEP numbers takes seconds
 * at a table's write rate (about 25 s on DynamoDB Local on a busy laptop), and the run must still
 * record its pause before the Lambda's timeout.
 */
export const DNC_STEP_MARGIN_MS = 60_000;

export const DNC_REPORT_HEADER = ['Row', 'Phone', 'Outcome', 'Message'];
const MISMATCH = 'The file does not match the upload that was requested. Please upload it again.';

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

class ListReplaced extends Conflict {
  constructor() {
    super(dncMessages.replacedMeanwhile);
  }
}
class AlreadyApplied extends Conflict {
  constructor() {
    super('The upload was applied already.');
  }
}

export const doNotCallProcessor: UploadProcessor = {
  kind: 'doNotCall',
  async process({ upload, records, now, progress, resume, timeLeftMs = () => Number.POSITIVE_INFINITY }: ProcessorInput): Promise<ProcessorOutcome | ProcessorPause> {
    const intent = await DncUpload.get({ uploadId: upload.uploadId }, { consistent: true });
    const list = intent && (await DncList.get({ listId: intent.listId }, { consistent: true }));
    if (!intent || !list) return failed(MISMATCH, 0);
    const read = readDncRows(records);
    if ('problem' in read) return failed(read.problem, Math.max(0, records.length - 1));
    // A file without one good number never empties a list.
    if (!read.phones.length) return failed(dncMessages.noRows, read.rows, read.refused);

    const replacing = intent.mode === 'replace' || list.activeVersion === 0;
    const target: DncTarget = { listId: intent.listId, listVersion: replacing ? intent.listVersion : list.activeVersion, uploadId: upload.uploadId };
    const total = read.phones.length;
    let added: number;
    if (intent.appliedAt) added = intent.added ?? 0;
    else {
      // Step by step from where an earlier run got to: numbers done, and of them the ones new to the list.
      let done = Math.min(resume?.done ?? 0, total);
      let fresh = resume?.added ?? 0;
      while (done < total) {
        if (timeLeftMs() < DNC_STEP_MARGIN_MS) return { status: 'Paused', checkpoint: { done, added: fresh }, rows: total, rowsDone: done };
        const step = read.phones.slice(done, done + DNC_WRITE_STEP);
        const phones = replacing ? step : await newOnVersion(step, target);
        await writeDncNumbers(phones, target);
        done += step.length;
        fresh += phones.length;
        await progress?.(done, total, { done, added: fresh });
      }
      try {
        await applyToList(intent, target, fresh, replacing, now);
        added = fresh;
      } catch (err) {
        if (err instanceof AlreadyApplied) added = (await DncUpload.get({ uploadId: upload.uploadId }, { consistent: true }))?.added ?? fresh;
        else if (err instanceof ListReplaced) return failed(dncMessages.replacedMeanwhile, read.rows, read.refused);
        else throw err;
      }
    }
    return {
      status: 'Succeeded',
      rows: read.rows,
      failedRows: read.refused.length,
      rowsDone: read.rows,
      errorMessages: read.refused.map((r) => dncMessages.atRow(r.row, r.message)),
      report: {
        header: DNC_REPORT_HEADER,
        rows: [
          ...read.refused.map((r) => [r.row, r.text, 'Refused', r.message]),
          ['', '', replacing ? 'Replaced' : 'Added', `${added.toLocaleString('en-US')} numbers ${replacing ? 'now make up' : 'added to'} the list ${intent.listName}${total > added ? ` (${(total - added).toLocaleString('en-US')} were on it already)` : ''}.`],
        ],
      },
    };
  },
};

/**
 * One transaction: the list's change (a replace: its new version active with the file's count, unless
 * a later version is; an add: the count raised, only while the version written is still the active one)
 * and the upload marked applied (only once).
 */
async function applyToList(intent: DncUploadItem, target: DncTarget, count: number, replacing: boolean, now: Date): Promise<void> {
  const at = now.toISOString();
  const listChange = replacing
    ? DncList.patchTx(
        { listId: intent.listId },
        { set: { activeVersion: target.listVersion, count, updatedAt: at } },
        { condition: { expression: 'activeVersion < :v', values: { ':v': target.listVersion } }, orFail: () => new ListReplaced() },
      )
    : DncList.patchTx(
        { listId: intent.listId },
        { add: { count }, set: { updatedAt: at } },
        { condition: { expression: 'activeVersion = :v', values: { ':v': target.listVersion } }, orFail: () => new ListReplaced() },
      );
  const applied = DncUpload.patchTx(
    { uploadId: intent.uploadId },
    { set: { appliedAt: at, added: count } },
    { condition: { expression: 'attribute_not_exists(appliedAt)' }, orFail: () => new AlreadyApplied() },
  );
  try {
    await transactWrite([applied, listChange]);
  } catch (err) {
    // A replace whose version a later file's replaced already: its numbers are written, the later list stands.
    if (err instanceof ListReplaced && replacing) {
      await DncUpload.patch({ uploadId: intent.uploadId }, { set: { appliedAt: at, added: count } }).catch((e: unknown) => {
        if (!(e instanceof ConditionFailed)) throw e;
      });
      return;
    }
    throw err;
  }
}

function failed(message: string, rows: number, refused: { row: number; text: string; message: string }[] = []): ProcessorOutcome {
  return {
    status: 'Failed',
    rows,
    failedRows: rows,
    errorMessages: [message],
    report: { header: DNC_REPORT_HEADER, rows: [...refused.map((r) => [r.row, r.text, 'Refused', r.message]), ['', '', 'Refused', message]] },
  };
}
