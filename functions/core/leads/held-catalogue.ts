// What the lead engine has read of the catalogue (campaigns by code, a campaign's context for a vendor,
// the routing rules, call-center lists), held in this process while the catalogue's version stays: the
// projector raises it after a batch with a catalogue record (views/catalogue-view.ts), so a lead costs
// one consistent GetItem of the version instead of the catalogue's reads, and a staff edit reaches the
// engine once the projector has applied it (its lag). Until a projector has raised a version (a table
// no projector follows, such as a test's without one), nothing is held and every lead reads afresh.
// Bounded: at most HELD_ANSWERS_MAX answers per version; stale by at most the projector's lag (alarmed
// on its iterator age in AWS), which the sale's conditions make safe for money and caps.
import { CatalogueVersion } from '#entities/catalogue-version.ts';
import type { ReadAhead } from '#platform/db.ts';
import { tableName } from '#platform/dynamo.ts';
import { onForget } from '#platform/held.ts';

export interface HeldCatalogue {
  readonly version: number;
  /** The active do-not-call lists the version item carries (none: read them through `memo`). */
  readonly dncLists?: readonly { listId: string; name: string; version: number }[] | undefined;
  /** `read`'s answer for `key`, read once while this version stays (a failed read is not kept). */
  memo<T>(key: string, read: () => Promise<T>): Promise<T>;
  /** The answer held for `key`, without reading (none: not read yet under this version). */
  peek<T>(key: string): Promise<T> | undefined;
}

/** Answers held at most per version (the oldest go first): keys come from what callers send (a campaign code), so the memory stays bounded. */
export const HELD_ANSWERS_MAX = 5_000;

let held: (HeldCatalogue & { table: string }) | undefined;
onForget(() => {
  held = undefined;
});

/** What is held for one version: each key's answer once (a failed read, or none found, is not kept). */
export function holding(table: string, version: number, dncLists?: HeldCatalogue['dncLists']): HeldCatalogue & { table: string } {
  const answers = new Map<string, Promise<unknown>>();
  const forget = (key: string, answer: Promise<unknown>) => {
    if (answers.get(key) === answer) answers.delete(key);
  };
  return {
    table,
    version,
    dncLists,
    memo<T>(key: string, read: () => Promise<T>): Promise<T> {
      const kept = answers.get(key) as Promise<T> | undefined;
      if (kept) return kept;
      const answer = read();
      if (answers.size >= HELD_ANSWERS_MAX) answers.delete(answers.keys().next().value!);
      answers.set(key, answer);
      answer.then(
        (value) => value === undefined && forget(key, answer),
        () => forget(key, answer),
      );
      return answer;
    },
    peek<T>(key: string): Promise<T> | undefined {
      return answers.get(key) as Promise<T> | undefined;
    },
  };
}

/** The catalogue as held for the version the projector raised last (one consistent GetItem, or as read `ahead`); none while no version was raised. */
export async function heldCatalogue(ahead?: ReadAhead): Promise<HeldCatalogue | undefined> {
  const item = await CatalogueVersion.get({}, { consistent: true, ahead });
  if (item === undefined) return (held = undefined);
  const table = tableName();
  if (held?.version !== item.version || held.table !== table) held = holding(table, item.version, item.dncLists);
  return held;
}

/**
 * What this process held at the version it read last, without reading the version: for keys a
 * request reads ahead before it knows the version (vendor-intake.ts postAhead, the do-not-call keys),
 * each answer then checked against what the version read says (a key of a stale answer is read again).
 */
export const lastHeld = (): HeldCatalogue | undefined => (held?.table === tableName() ? held : undefined);

/** `read` through the held catalogue, or afresh without one. */
export const throughHeld = <T>(catalogue: HeldCatalogue | undefined, key: string, read: () => Promise<T>): Promise<T> => (catalogue ? catalogue.memo(key, read) : read());
