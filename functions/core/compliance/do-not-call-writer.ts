// Writes a do-not-call file's numbers (issue 24): plain BatchWriteItem puts of 25 items, many batches
// in flight, off the request path (the csvProcess job; the benchmark loads a million through it
// directly). A number's item is keyed by phone, list and version, so writing it again (a job run
// again, an add of a number already there) changes nothing: the writes are idempotent, and a list
// replaced needs no delete pass before its new version is active.
import { DncNumber, DncUpload } from '#entities/do-not-call.ts';
import { batchGet, batchPut } from '#platform/db.ts';
import { getMany } from '#platform/entity.ts';

/** Numbers written per progress step: the job records how far it got every so many. */
export const DNC_WRITE_STEP = 20_000;
/** Batches of 25 in flight: enough to keep DynamoDB busy, few enough for a Lambda's sockets. */
export const DNC_WRITE_CONCURRENCY = 16;

export interface DncTarget {
  listId: string;
  listVersion: number;
  uploadId: string;
}

/** Puts every phone under the target version, in steps of DNC_WRITE_STEP, calling `progress` after each. */
export async function writeDncNumbers(
  phones: readonly string[],
  target: DncTarget,
  progress?: (done: number) => Promise<void>,
  concurrency = DNC_WRITE_CONCURRENCY,
): Promise<void> {
  for (let from = 0; from < phones.length; from += DNC_WRITE_STEP) {
    const step = phones.slice(from, from + DNC_WRITE_STEP);
    await batchPut(
      step.map((phone) => DncNumber.toItem({ phone, ...target })),
      { concurrency },
    );
    await progress?.(from + step.length);
  }
}

/**
 * Of `phones`, what an add adds: those not yet on the target version, or written there by this same
 * upload (a run again), or by an upload that was never applied (a run that died and whose file was
 * sent again): only an applied upload has counted its numbers.
 */
export async function newOnVersion(phones: readonly string[], target: DncTarget): Promise<string[]> {
  const keyOf = (phone: string) => DncNumber.key({ phone, listId: target.listId, listVersion: target.listVersion });
  const keys = phones.map(keyOf);
  const writtenBy = new Map<string, string>();
  let next = 0;
  const reader = async () => {
    for (let i = next; i < keys.length; i = next) {
      next += 100;
      for (const item of await batchGet(keys.slice(i, i + 100), { consistent: true })) writtenBy.set(String(item.pk), String(item.uploadId));
    }
  };
  await Promise.all(Array.from({ length: DNC_WRITE_CONCURRENCY }, reader));
  const others = [...new Set(writtenBy.values())].filter((id) => id !== target.uploadId);
  const counted = new Set<string>();
  for (let i = 0; i < others.length; i += 100) {
    const uploads = await getMany(Object.fromEntries(others.slice(i, i + 100).map((uploadId) => [uploadId, DncUpload.ref({ uploadId })])), { consistent: true });
    for (const [uploadId, upload] of Object.entries(uploads)) if (upload?.appliedAt) counted.add(uploadId);
  }
  return phones.filter((phone) => {
    const by = writtenBy.get(keyOf(phone).pk);
    return by === undefined || !counted.has(by);
  });
}
