// The csvProcess job's do-not-call processor (issue 24): reads a list's file (do-not-call-rows.ts),
// refuses the rows that hold no 10-digit US number (reported by row, the rest applied), and writes the
// numbers in batches (do-not-call-writer.ts).
// - replace (or the first file of a list): every number under the version the ticket took, then, in
//   one transaction, that version made the list's active one (unless a later file's already is) and
//   the upload marked applied. The old version's numbers stop matching at once; this upload's job then
//   deletes them (do-not-call-retire.ts), read back from the files applied to that version.
// - add: the numbers not yet on the active version are written under it, and the list's count raised
//   by them in the transaction that marks the upload applied (refused if the list was replaced
//   meanwhile, and its numbers, under a version no longer active, deleted).
// Each apply also records the upload against its version (DncVersionUpload): what a later replace reads.
// A run again (the job died, S3 delivered the event twice) writes the same items again and applies the
// list's change once: the upload's `appliedAt` is the condition.
// The report lists the refused rows and one line with the total, not a line per number.
// A list of millions outlasts one run: the numbers are written (and deleted) in steps of
// DNC_WRITE_STEP, each step's end a checkpoint (numbers done, and for an add the numbers new so far),
// and a run with less than DNC_STEP_MARGIN_MS left pauses there; the next run reads the same file and
// goes on from it.
import { dncMessages } from '#shared/do-not-call.ts';
import { DncList, DncUpload, DncVersionUpload, type DncUpload as DncUploadItem } from '#entities/do-not-call.ts';
import { ConditionFailed, transactWrite } from '#platform/db.ts';
import { Conflict } from '#platform/errors.ts';
import type { Checkpoint, ProcessorInput, ProcessorOutcome, ProcessorPause, UploadProcessor } from '#core/uploads/processor.ts';
import { deleteRetired, retireCheckpoint, retireProgressOf, uploadsOfVersion } from './do-not-call-retire.ts';
import { readDncRows } from './do-not-call-rows.ts';
import { DNC_WRITE_STEP, newOnVersion, writeDncNumbers, type DncTarget } from './do-not-call-writer.ts';

/**
 * A step is begun only with this much of the run left: a step of DNC_WRITE_STEP numbers takes seconds
 * at a table's write rate (about 25 s on DynamoDB Local on a busy laptop), and the run must still
 * record its pause before the Lambda's timeout.
 */
export const DNC_STEP_MARGIN_MS = 60_000;

export const DNC_REPORT_HEADER = ['Row', 'Phone', 'Outcome', 'Message'];
const MISMATCH = 'The file does not match the upload that was requested. Please upload it again.';

/** The list's active version changed between its read and the apply's transaction: read it again. */
class ListChanged extends Conflict {
  constructor() {
    super('The list changed while the upload was being applied.');
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
    let intent = await DncUpload.get({ uploadId: upload.uploadId }, { consistent: true });
    const list = intent && (await DncList.get({ listId: intent.listId }, { consistent: true }));
    if (!intent || !list) return failed(MISMATCH, 0);
    const read = readDncRows(records);
    if ('problem' in read) return failed(read.problem, Math.max(0, records.length - 1));
    // A file without one good number never empties a list.
    if (!read.phones.length) return failed(dncMessages.noRows, read.rows, read.refused);

    const replacing = intent.mode === 'replace' || list.activeVersion === 0;
    const target: DncTarget = { listId: intent.listId, listVersion: replacing ? intent.listVersion : list.activeVersion, uploadId: upload.uploadId };
    const total = read.phones.length;
    const enough = () => timeLeftMs() >= DNC_STEP_MARGIN_MS;
    const pause = (checkpoint: Checkpoint, rowsDone: number): ProcessorPause => ({ status: 'Paused', checkpoint, rows: total, rowsDone });

    // The numbers written, step by step from where an earlier run got to, then applied (unless a run
    // applied them, or found the list replaced meanwhile, already).
    if (!intent.appliedAt && !intent.retire) {
      let done = Math.min(resume?.done ?? 0, total);
      let fresh = resume?.added ?? 0;
      while (done < total) {
        if (!enough()) return pause({ done, added: fresh }, done);
        const step = read.phones.slice(done, done + DNC_WRITE_STEP);
        const phones = replacing ? step : await newOnVersion(step, target);
        await writeDncNumbers(phones, target);
        done += step.length;
        fresh += phones.length;
        await progress?.(done, total, { done, added: fresh });
      }
      intent = await apply(intent, target, fresh, replacing, now);
    }
    // The numbers that no longer match: the version this replace superseded, or this file's own.
    if (intent.supersededVersion && !intent.retire) {
      const retire = { version: intent.supersededVersion, uploadIds: await uploadsOfVersion(intent.listId, intent.supersededVersion) };
      await DncUpload.patch({ uploadId: intent.uploadId }, { set: { retire } });
      intent = { ...intent, retire };
    }
    if (intent.retire && !intent.retiredAt) {
      const stopped = await deleteRetired({ listId: intent.listId, ...intent.retire }, retireProgressOf(resume), enough, (at) => progress?.(total, total, retireCheckpoint(at)) ?? Promise.resolve());
      if (stopped) return pause(retireCheckpoint(stopped), total);
      await DncUpload.patch({ uploadId: intent.uploadId }, { set: { retiredAt: now.toISOString() } });
    }
    if (!intent.appliedAt) return failed(dncMessages.replacedMeanwhile, read.rows, read.refused);

    const added = intent.added ?? 0;
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
 * Applies the written numbers in one transaction: the list's change (a replace: its new version active
 * with the file's count, while the version it read is still the active one; an add: the count raised,
 * only while the version written is the active one), the upload marked applied (only once, with the
 * version a replace superseded) and recorded against its version. Answers the upload as it stands
 * after: applied; or, its version no longer able to become active (a later file's replace came first),
 * not applied but with its own numbers to delete (a replace so overtaken counts as applied: the later
 * list stands).
 */
async function apply(intent: DncUploadItem, target: DncTarget, count: number, replacing: boolean, now: Date): Promise<DncUploadItem> {
  const at = now.toISOString();
  const own = { version: target.listVersion, uploadIds: [intent.uploadId] };
  for (let attempt = 1; ; attempt++) {
    const list = await DncList.get({ listId: intent.listId }, { consistent: true });
    const previous = list?.activeVersion ?? 0;
    const overtaken = replacing ? previous >= target.listVersion : previous !== target.listVersion;
    if (overtaken) return settle(intent, replacing ? { appliedAt: at, added: count, retire: own } : { retire: own });
    const listChange = DncList.patchTx(
      { listId: intent.listId },
      replacing ? { set: { activeVersion: target.listVersion, count, updatedAt: at } } : { add: { count }, set: { updatedAt: at } },
      { condition: { expression: 'activeVersion = :v', values: { ':v': previous } }, orFail: () => new ListChanged() },
    );
    const superseded = replacing && previous > 0 ? { supersededVersion: previous } : {};
    const applied = DncUpload.patchTx(
      { uploadId: intent.uploadId },
      { set: { appliedAt: at, added: count, ...superseded } },
      { condition: { expression: 'attribute_not_exists(appliedAt)' }, orFail: () => new AlreadyApplied() },
    );
    const recorded = DncVersionUpload.putTx({ listId: intent.listId, listVersion: target.listVersion, uploadId: intent.uploadId, appliedAt: at });
    try {
      await transactWrite([applied, listChange, recorded]);
      return { ...intent, appliedAt: at, added: count, ...superseded };
    } catch (err) {
      if (err instanceof AlreadyApplied) return (await DncUpload.get({ uploadId: intent.uploadId }, { consistent: true }))!;
      if (!(err instanceof ListChanged) || attempt >= 5) throw err;
    }
  }
}

/** The upload's outcome set once (a run again finds it set and keeps what is there). */
async function settle(intent: DncUploadItem, set: Partial<DncUploadItem>): Promise<DncUploadItem> {
  try {
    await DncUpload.patch({ uploadId: intent.uploadId }, { set }, { condition: { expression: 'attribute_not_exists(appliedAt) AND attribute_not_exists(retire)' } });
    return { ...intent, ...set };
  } catch (err) {
    if (!(err instanceof ConditionFailed)) throw err;
    return (await DncUpload.get({ uploadId: intent.uploadId }, { consistent: true }))!;
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
