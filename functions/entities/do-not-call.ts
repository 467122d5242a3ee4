// The do-not-call lists (issue 24, "Compliance at intake"; docs/data-model.md "Do-not-call lists").
//
// - DncList: one list (a name staff gave it), its active version and count; all lists share one small
//   partition, which the lead engine reads through the held catalogue (a list's change raises the
//   catalogue's version: views/catalogue-view.ts).
// - DncNumber: one phone on one version of one list, keyed by the phone first, so a lead's check is one
//   BatchGet of the phone under each active list's active version, however many numbers the lists hold.
//   A replace writes the file under a new version and then makes it the active one: the old version's
//   numbers stop matching the moment the list's item says so, with no delete pass before it.
// - DncUpload: what a do-not-call upload is for (list, mode, the version it writes), beside its Upload
//   in the upload's partition; the csvProcess job reads both, and records on it what it applied so a
//   run again does not count the same numbers twice.
import { z } from 'zod';
import { DNC_MODES } from '#shared/do-not-call.ts';
import { defineEntity } from '#platform/entity.ts';

export const DncList = defineEntity({
  entity: 'DncList',
  version: 1,
  schema: z.object({
    listId: z.string(),
    name: z.string(),
    active: z.boolean(),
    /**
     * The version whose numbers match (0: none applied yet). Versions are the times (ms) their tickets
     * were handed out, so a later file's version is higher and an earlier replace finishing late never
     * takes the list back.
     */
    activeVersion: z.number().int().nonnegative(),
    /** Numbers on the active version. */
    count: z.number().int().nonnegative(),
    /** The last file sent for the list; its status is its Upload's. */
    lastUpload: z.object({ uploadId: z.string(), fileName: z.string(), mode: z.enum(DNC_MODES), at: z.string(), by: z.string() }).optional(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
  /** a list by its id (its name in lower case) */
  key: (l: { listId: string }) => ({ pk: 'DNC_LISTS', sk: `LIST#${l.listId}` }),
  queries: {
    /** every list (tens at most) */
    all: () => ({ pk: 'DNC_LISTS', sk: { beginsWith: 'LIST#' } }),
  },
});
export type DncList = z.infer<typeof DncList.schema>;

export const DncNumber = defineEntity({
  entity: 'DncNumber',
  version: 1,
  schema: z.object({
    phone: z.string(),
    listId: z.string(),
    listVersion: z.number().int().positive(),
    /** The upload that wrote it: an add run again counts the numbers it wrote itself as new. */
    uploadId: z.string(),
  }),
  /** a phone on one version of one list */
  key: (n: { phone: string; listId: string; listVersion: number }) => ({ pk: `DNC#${n.phone}`, sk: `L#${n.listId}#V#${n.listVersion}` }),
});
export type DncNumber = z.infer<typeof DncNumber.schema>;

export const DncUpload = defineEntity({
  entity: 'DncUpload',
  version: 1,
  schema: z.object({
    uploadId: z.string(),
    listId: z.string(),
    listName: z.string(),
    mode: z.enum(DNC_MODES),
    /** The version a replace writes (the ticket's time); an add writes the active version it finds (this one when the list has none yet). */
    listVersion: z.number().int().positive(),
    /** Set once the file was applied and the list's item changed: a run again changes nothing more. */
    appliedAt: z.string().optional(),
    /** Numbers the file added to the list (a replace: every number of the file). */
    added: z.number().int().nonnegative().optional(),
    /** A replace applied over an earlier version: that version, whose numbers this upload's job deletes. */
    supersededVersion: z.number().int().positive().optional(),
    /** What this upload's job deletes (core/compliance/do-not-call-retire.ts): a version's numbers and the uploads whose files hold them. */
    retire: z.object({ version: z.number().int().positive(), uploadIds: z.array(z.string()) }).optional(),
    /** Set once `retire`'s numbers are deleted. */
    retiredAt: z.string().optional(),
  }),
  /** the do-not-call part of an upload, in the upload's partition */
  key: (u: { uploadId: string }) => ({ pk: `UPLOAD#${u.uploadId}`, sk: 'DNC' }),
});
export type DncUpload = z.infer<typeof DncUpload.schema>;

export const DncVersionUpload = defineEntity({
  entity: 'DncVersionUpload',
  version: 1,
  schema: z.object({ listId: z.string(), listVersion: z.number().int().positive(), uploadId: z.string(), appliedAt: z.string() }),
  /** an upload applied to a version of a list (written in the apply's transaction): whose files hold the version's numbers */
  key: (u: { listId: string; listVersion: number; uploadId: string }) => ({ pk: `DNC_VERSION#${u.listId}#${u.listVersion}`, sk: `UPLOAD#${u.uploadId}` }),
  queries: {
    ofVersion: (listId: string, listVersion: number) => ({ pk: `DNC_VERSION#${listId}#${listVersion}`, sk: { beginsWith: 'UPLOAD#' } }),
  },
});
export type DncVersionUpload = z.infer<typeof DncVersionUpload.schema>;
