// The lead engine's do-not-call check (issue 24): which active lists hold a lead's phone. The active
// lists and their active versions ride on the catalogue's version item (the projector writes them
// there when a list changes, views/catalogue-view.ts), which every lead reads anyway; the phone's
// membership is ONE BatchGet of the phone under each active list's version (at most
// DNC_ACTIVE_LISTS_MAX keys), whatever the lists' sizes. A list replaced has a new active version, so
// its old numbers stop matching as soon as the engine holds the new version (the projector's lag).
import { DncList, DncNumber } from '#entities/do-not-call.ts';
import { batchGet, type ReadAhead } from '#platform/db.ts';
import type { ItemKey } from '#platform/item-key.ts';
import { lastHeld, throughHeld, type HeldCatalogue } from '#core/leads/held-catalogue.ts';

export interface ActiveDncList {
  listId: string;
  name: string;
  version: number;
}

/** Of `lists`, those that refuse leads: active, with a version applied; by name. */
export const activeOf = (lists: readonly DncList[]): ActiveDncList[] =>
  lists
    .filter((l) => l.active && l.activeVersion > 0)
    .map((l) => ({ listId: l.listId, name: l.name, version: l.activeVersion }))
    .sort((a, b) => a.name.localeCompare(b.name));

/** The lists that refuse leads now, read from their partition. */
export const readActiveDncLists = async (): Promise<ActiveDncList[]> => activeOf(await DncList.query.all().all());

/** The active lists: as the catalogue's version carries them, else read once through the held catalogue (afresh without one). */
export const activeDncLists = (catalogue: HeldCatalogue | undefined): Promise<readonly ActiveDncList[]> =>
  catalogue?.dncLists ? Promise.resolve(catalogue.dncLists) : throughHeld(catalogue, 'dnc-lists', readActiveDncLists);

/** The keys a phone's check reads: the phone under each list's active version. */
export const dncKeysOf = (phone: string, lists: readonly ActiveDncList[]) => lists.map((l) => DncNumber.key({ phone, listId: l.listId, listVersion: l.version }));

/**
 * The names of the active lists holding `phone` (10 digits): no read when no list is active, else one
 * BatchGet; none when every key was read `ahead` (a vendor's post folds them into its first read).
 */
export async function listsHolding(phone: string, lists: readonly ActiveDncList[], ahead?: ReadAhead): Promise<string[]> {
  if (!lists.length) return [];
  const digits = phone.replace(/\D/g, '');
  const found = new Set((await batchGet(dncKeysOf(digits, lists), { ahead })).map((item) => String(item.sk)));
  return lists.filter((l) => found.has(DncNumber.key({ phone: digits, listId: l.listId, listVersion: l.version }).sk)).map((l) => l.name);
}

/** The names of the active lists holding the phone, the lists read through `catalogue` (the phone's keys maybe read `ahead`). */
export async function doNotCallListsOf(phone: string, catalogue: HeldCatalogue | undefined, ahead?: ReadAhead): Promise<string[]> {
  return listsHolding(phone, await activeDncLists(catalogue), ahead);
}

/**
 * The phone's keys under the lists this process holds (none before it has read them): what a vendor's
 * post reads ahead with its other keys, before the catalogue's version is known. When the version read
 * says the lists changed, the engine reads the keys of the lists as they are now instead.
 */
export async function dncKeysAhead(phone: string): Promise<ItemKey[]> {
  const held = lastHeld();
  const lists = held?.dncLists ?? (await held?.peek<ActiveDncList[]>('dnc-lists')?.catch(() => undefined));
  return lists ? dncKeysOf(phone.replace(/\D/g, ''), lists) : [];
}
