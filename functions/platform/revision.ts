// The server half of shared/api/revision.ts: the condition that makes a catalogue write apply only to
// the revision the editor read, and the audit attributes every catalogue change stamps.
import { STALE_EDIT_MESSAGE } from '#shared/api/revision.ts';
import type { WriteOptions } from './db.ts';
import { Conflict } from './errors.ts';
import type { SessionUser } from './session-user.ts';

/** The 409 a stale edit gets, in one place so every area words it the same. */
export const staleEdit = (): Conflict => new Conflict(STALE_EDIT_MESSAGE);

/**
 * Write only while the stored item is still at `expected` (use with `patch`, `patchTx`, `put`,
 * `putTx`). The placeholders are the layer-free `#rev`/`:rev`, so it combines with other conditions
 * with conditions using other placeholders.
 */
export function atRevision(expected: number): Required<Pick<WriteOptions, 'condition' | 'orFail'>> {
  return {
    condition: { expression: '#rev = :rev', names: { '#rev': 'revision' }, values: { ':rev': expected } },
    orFail: staleEdit,
  };
}

/** The audit attributes of the next revision: who, when, and the revision after `expected`. */
export function nextRevision(user: Pick<SessionUser, 'email'>, expected: number, now = new Date()) {
  return { revision: expected + 1, modifiedBy: user.email, lastUpdated: now.toISOString() };
}

/** The audit attributes of a new item. */
export function firstRevision(user: Pick<SessionUser, 'email'>, now = new Date()) {
  return { revision: 1, modifiedBy: user.email, lastUpdated: now.toISOString() };
}
