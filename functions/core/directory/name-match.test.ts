import { describe, expect, it } from 'vitest';
import { matchRank, termWords, withinOneEdit } from './name-match.ts';

const carlos = { agentId: 'A000002', firstName: 'Carlos', lastName: 'Captive' };
const rank = (term: string) => matchRank(carlos, termWords(term));

describe('withinOneEdit', () => {
  it.each([
    ['captive', 'captive'],
    ['captve', 'captive'],
    ['captiive', 'captive'],
    ['captivx', 'captive'],
    ['cpative', 'captive'],
  ])('finds %j one slip from %j', (a, b) => expect(withinOneEdit(a, b)).toBe(true));

  it.each([
    ['cptve', 'captive'],
    ['xaptivx', 'captive'],
    ['captive', 'cap'],
  ])('finds %j more than one slip from %j', (a, b) => expect(withinOneEdit(a, b)).toBe(false));
});

describe('matchRank', () => {
  it('matches a first name, a last name or an agent id prefix in any case exactly', () => {
    expect(rank('Carlos')).toBe(0);
    expect(rank('CARL')).toBe(0);
    expect(rank('capt')).toBe(0);
    expect(rank('a0000')).toBe(0);
  });

  it('matches a name with one letter wrong, missing, extra or swapped as a fuzzy match', () => {
    for (const term of ['Captve', 'Carlso', 'Karlos', 'Captiive']) expect(rank(term), term).toBe(1);
  });

  it('matches two words as first and last name in either order, each exactly or within one slip', () => {
    expect(rank('carlos captive')).toBe(0);
    expect(rank('Captive Carlos')).toBe(0);
    expect(rank('carlos captve')).toBe(1);
    expect(rank('carlos smith')).toBeUndefined();
  });

  it('matches short words and agent ids only exactly, and nothing two slips away', () => {
    expect(rank('cax')).toBeUndefined();
    expect(rank('A000003')).toBeUndefined();
    expect(rank('Cptve')).toBeUndefined();
    expect(rank('')).toBeUndefined();
  });
});
