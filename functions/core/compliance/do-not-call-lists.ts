// The do-not-call lists as staff keep them (issue 24): the lists with their counts and last upload, a
// ticket for a list's file (a new name makes the list, active), and a list switched on or off. The
// file itself is applied by the csvProcess job (do-not-call-processor.ts). A list takes one file at a
// time: a ticket is refused while the list's last file may still change it, so two files never count
// the same new number twice or race a replace.
import type { DncListDto, DncUploadBody } from '#shared/api/do-not-call.ts';
import type { UploadTicket } from '#shared/api/uploads.ts';
import { DNC_ACTIVE_LISTS_MAX, dncListIdOf, dncMessages } from '#shared/do-not-call.ts';
import { DncList, DncUpload } from '#entities/do-not-call.ts';
import { Upload } from '#entities/upload.ts';
import { ConditionFailed } from '#platform/db.ts';
import { getMany } from '#platform/entity.ts';
import { Conflict, NotFound } from '#platform/errors.ts';
import type { SessionUser } from '#platform/session-user.ts';
import { ABANDONED_AFTER_SECONDS } from '#core/uploads/process-upload.ts';
import { mintUploadTicket, UPLOAD_URL_SECONDS } from '#core/uploads/tickets.ts';

/** A Pending upload whose PUT has not come this long after its ticket never will (its URL expired). */
const PUT_WINDOW_SECONDS = UPLOAD_URL_SECONDS + 60;

/** Every list by name, each with its last upload's status (read from the uploads in one BatchGet). */
export async function listDncLists(): Promise<DncListDto[]> {
  const lists = (await DncList.query.all().all({ consistent: true })).sort((a, b) => a.name.localeCompare(b.name));
  const uploads: Record<string, Upload | undefined> = {};
  const withUpload = lists.filter((l) => l.lastUpload);
  // BatchGet takes 100 keys: inactive lists are never removed, so there may be more.
  for (let i = 0; i < withUpload.length; i += 100)
    Object.assign(uploads, await getMany(Object.fromEntries(withUpload.slice(i, i + 100).map((l) => [l.listId, Upload.ref({ uploadId: l.lastUpload!.uploadId })]))));
  return lists.map((l) => toDto(l, uploads[l.listId]));
}

export function toDto(list: DncList, upload: Upload | undefined): DncListDto {
  const last = list.lastUpload;
  return {
    ListId: list.listId,
    Name: list.name,
    Active: list.active,
    Count: list.count,
    LastUpload: last ? { UploadId: last.uploadId, FileName: last.fileName, Mode: last.mode, At: last.at, By: last.by, Status: upload?.status ?? 'Pending' } : null,
    Updated: list.updatedAt,
  };
}

async function activeListCount(): Promise<number> {
  return (await DncList.query.all().all({ consistent: true })).filter((l) => l.active).length;
}

/** The list of `name`, made (active, empty) when no list has that name yet. */
async function listNamed(name: string, now: Date): Promise<DncList> {
  const listId = dncListIdOf(name);
  const found = await DncList.get({ listId }, { consistent: true });
  if (found) return found;
  if ((await activeListCount()) >= DNC_ACTIVE_LISTS_MAX) throw new Conflict(dncMessages.tooManyActive);
  const list: DncList = { listId, name, active: true, activeVersion: 0, count: 0, createdAt: now.toISOString(), updatedAt: now.toISOString() };
  try {
    await DncList.create(list);
    return list;
  } catch (err) {
    // Made a moment ago by another upload of the same name.
    if (!(err instanceof ConditionFailed)) throw err;
    return (await DncList.get({ listId }, { consistent: true }))!;
  }
}

/**
 * A ticket for a list's CSV: the Upload (Pending) and its presigned PUT, and beside it what the file is
 * for (list, mode, the version a replace writes: the ticket's time, so a later file wins). The list's
 * last upload names it at once, so the page shows it Pending.
 */
export async function requestDncUpload(
  request: DncUploadBody,
  user: Pick<SessionUser, 'userId' | 'email'>,
  now = new Date(),
): Promise<UploadTicket> {
  const list = await listNamed(request.ListName, now);
  if (await stillChanging(list, now)) throw new Conflict(dncMessages.busy);
  const ticket = await mintUploadTicket('doNotCall', { FileName: request.FileName, ContentLength: request.ContentLength }, user, now);
  await DncUpload.put({ uploadId: ticket.UploadId, listId: list.listId, listName: list.name, mode: request.Mode, listVersion: Math.max(now.getTime(), list.activeVersion + 1) });
  // Only over the last upload that was read: of two tickets asked at once, one is refused.
  const seen = list.lastUpload
    ? { expression: 'lastUpload.uploadId = :seen', values: { ':seen': list.lastUpload.uploadId } }
    : { expression: 'attribute_not_exists(lastUpload)' };
  await DncList.patch(
    { listId: list.listId },
    { set: { lastUpload: { uploadId: ticket.UploadId, fileName: request.FileName, mode: request.Mode, at: now.toISOString(), by: user.email }, updatedAt: now.toISOString() } },
    { condition: seen, orFail: () => new Conflict(dncMessages.busy) },
  );
  return ticket;
}

/** Whether the list's last file may still change it: Pending while its PUT may yet come, or Processing by a run not given up for dead. */
async function stillChanging(list: DncList, now: Date): Promise<boolean> {
  if (!list.lastUpload) return false;
  const upload = await Upload.get({ uploadId: list.lastUpload.uploadId }, { consistent: true });
  if (upload?.status === 'Pending') return Date.parse(upload.createdAt) + PUT_WINDOW_SECONDS * 1000 > now.getTime();
  if (upload?.status === 'Processing') return !upload.claimedUntil || Date.parse(upload.claimedUntil) + ABANDONED_AFTER_SECONDS * 1000 > now.getTime();
  return false;
}

/** Switches a list on or off (at most DNC_ACTIVE_LISTS_MAX on); the engine follows within the projector's lag. */
export async function setDncListActive(listId: string, active: boolean, now = new Date()): Promise<DncListDto> {
  const list = await DncList.get({ listId }, { consistent: true });
  if (!list) throw new NotFound(dncMessages.listNotFound);
  if (active && !list.active && (await activeListCount()) >= DNC_ACTIVE_LISTS_MAX) throw new Conflict(dncMessages.tooManyActive);
  await DncList.patch({ listId }, { set: { active, updatedAt: now.toISOString() } });
  const upload = list.lastUpload ? await Upload.get({ uploadId: list.lastUpload.uploadId }, { consistent: true }) : undefined;
  return toDto({ ...list, active, updatedAt: now.toISOString() }, upload);
}
