import { describe, expect, it } from 'vitest';
import { changeUniqueTx } from './unique-value.ts';

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
