// Deleting a do-not-call list's numbers once their version no longer matches (issue 24). A replace
// makes a new version active; the old version's numbers are then deleted by the same upload's job,
// read back from the files that wrote them: the uploads applied to that version, which the apply
// transaction records (DncVersionUpload, so no scan of the numbers is needed). A file whose own
// version never became or no longer is active (a replace finishing after a later one, an add to a
// list replaced meanwhile) deletes its own numbers. Deleting is idempotent and keyed by version, so
// it never touches the active version's numbers; it goes in steps, each step's end a checkpoint, and
// pauses like the writing when the run is short of time.
import { DncNumber, DncVersionUpload } from '#entities/do-not-call.ts';
import { Upload } from '#entities/upload.ts';
import { bucket } from '#platform/config.ts';
import { batchDelete } from '#platform/db.ts';
import { readObject } from '#platform/s3.ts';
import { parseCsv } from '#core/uploads/csv.ts';
import type { Checkpoint } from '#core/uploads/processor.ts';
import { readDncRows } from './do-not-call-rows.ts';
import { DNC_WRITE_STEP } from './do-not-call-writer.ts';

/** A version whose numbers go, and the uploads whose files hold them. */
export interface Retirement {
  listId: string;
  version: number;
  uploadIds: string[];
}

/** The uploads applied to a list's version, in the order they were applied. */
export async function uploadsOfVersion(listId: string, version: number): Promise<string[]> {
  return (await DncVersionUpload.query.ofVersion(listId, version).all({ consistent: true })).map((u) => u.uploadId);
}

/** Where deleting got to: the file (index in `uploadIds`) and the numbers of it done. */
export interface RetireProgress {
  file: number;
  done: number;
}

export const retireCheckpoint = (p: RetireProgress): Checkpoint => ({ retireFile: p.file, retireDone: p.done });
export const retireProgressOf = (checkpoint: Checkpoint | undefined): RetireProgress => ({ file: checkpoint?.retireFile ?? 0, done: checkpoint?.retireDone ?? 0 });

/**
 * Deletes the retired version's numbers, file by file in steps of DNC_WRITE_STEP from `from`, calling
 * `step` after each; answers where it stopped when `enough` says the run has no time for another step, or undefined when
 * every file is done (its version's records then deleted too).
 */
export async function deleteRetired(
  retirement: Retirement,
  from: RetireProgress,
  enough: () => boolean,
  step?: (at: RetireProgress) => Promise<void>,
): Promise<RetireProgress | undefined> {
  for (let file = from.file; file < retirement.uploadIds.length; file++) {
    const phones = await phonesOfUpload(retirement.uploadIds[file]!);
    for (let done = file === from.file ? from.done : 0; done < phones.length; ) {
      if (!enough()) return { file, done };
      const chunk = phones.slice(done, done + DNC_WRITE_STEP);
      await batchDelete(chunk.map((phone) => DncNumber.key({ phone, listId: retirement.listId, listVersion: retirement.version })));
      done += chunk.length;
      await step?.({ file, done });
    }
  }
  await batchDelete(retirement.uploadIds.map((uploadId) => DncVersionUpload.key({ listId: retirement.listId, listVersion: retirement.version, uploadId })));
  return undefined;
}

/** The numbers of an upload's file, as its processor read them (a file gone or unreadable holds none). */
async function phonesOfUpload(uploadId: string): Promise<string[]> {
  const upload = await Upload.get({ uploadId }, { consistent: true });
  if (!upload) return [];
  const bytes = await readObject({ bucket: bucket('UPLOADS_BUCKET'), key: upload.s3Key }).catch(() => undefined);
  if (!bytes) return [];
  const read = readDncRows(parseCsv(new TextDecoder('utf-8').decode(bytes)));
  return 'problem' in read ? [] : read.phones;
}
