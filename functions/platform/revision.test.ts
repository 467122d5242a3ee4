import { describe, expect, it } from 'vitest';
import { STALE_EDIT_MESSAGE } from '#shared/api/revision.ts';
import { atRevision, firstRevision, nextRevision } from './revision.ts';

describe('catalogue revisions', () => {
  it('writes only at the revision read, and a stale write is a 409 with the shared message', () => {
    const opts = atRevision(4);
    expect(opts.condition).toEqual({ expression: '#rev = :rev', names: { '#rev': 'revision' }, values: { ':rev': 4 } });
    const error = opts.orFail();
    expect(error).toMatchObject({ status: 409, messages: [STALE_EDIT_MESSAGE] });
  });

  it('stamps who changed it, when, and the next revision', () => {
    const now = new Date('2026-01-02T03:04:05.000Z');
    expect(firstRevision({ email: 'ann@x.com' }, now)).toEqual({ revision: 1, modifiedBy: 'ann@x.com', lastUpdated: '2026-01-02T03:04:05.000Z' });
    expect(nextRevision({ email: 'bo@x.com' }, 3, now)).toEqual({ revision: 4, modifiedBy: 'bo@x.com', lastUpdated: '2026-01-02T03:04:05.000Z' });
  });
});
