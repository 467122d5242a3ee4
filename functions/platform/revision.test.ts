import { describe, expect, it } from 'vitest';
import { STALE_EDIT_MESSAGE } from '#shared/api/revision.ts';
import { changeUniqueTx } from '#entities/unique-value.ts';
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

describe('uniqueness guards', () => {
  const dup = () => new Error('Duplicate fund code.');
  it('claims nothing when a code only changes case', () => {
    expect(changeUniqueTx('FUND_CODE', 'abc', 'ABC ', 'f1', dup)).toEqual([]);
  });
  it('releases the old code (only if this owner holds it) and claims the new one, lower-cased', () => {
    const items = changeUniqueTx('FUND_CODE', 'OLD', 'New', 'f1', dup);
    expect(items.map((i) => i.kind)).toEqual(['delete', 'put']);
    expect(items[0]).toMatchObject({ key: { pk: 'UNIQUE#FUND_CODE#old', sk: 'UNIQUE' }, condition: { values: { ':owner': 'f1' } } });
    expect(items[1]).toMatchObject({ item: { pk: 'UNIQUE#FUND_CODE#new', value: 'new', ownerId: 'f1' }, condition: { expression: 'attribute_not_exists(pk)' } });
  });
  it('a first claim has no release', () => {
    expect(changeUniqueTx('VENDOR_CODE', undefined, 'V1', 'v1', dup).map((i) => i.kind)).toEqual(['put']);
  });
});
