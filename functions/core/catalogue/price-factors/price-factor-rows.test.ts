import { describe, expect, it } from 'vitest';
import { parseCsv } from '#core/uploads/csv.ts';
import { PRICE_FACTOR_MAX_ROWS, priceFactorMessages as m } from '#shared/price-factors.ts';
import { checkPriceFactorRows } from './price-factor-rows.ts';

const check = (text: string) => checkPriceFactorRows(parseCsv(text));
const messages = (text: string) => {
  const result = check(text);
  return result.ok ? [] : result.messages;
};

describe('checkPriceFactorRows', () => {
  it('accepts good rows, reading the columns in any order and case, trimming values', () => {
    const result = check('weight, KEY ,Max,min\r\n0.85, Age ,24,18\r\n1.0001,Age,34,25\r\n');
    expect(result).toMatchObject({
      ok: true,
      rows: [
        { row: 2, key: 'Age', min: 18, max: 24, weight: 0.85 },
        { row: 3, key: 'Age', min: 25, max: 34, weight: 1.0001 },
      ],
    });
  });

  it('refuses a header that is not exactly Key, Min, Max, Weight', () => {
    expect(messages('Key,Min,Max\nAge,1,2\n')).toEqual([`Row 1: ${m.header}`]);
    expect(messages('Key,Min,Max,Weight,Note\n')).toEqual([`Row 1: ${m.header}`]);
    expect(messages('Key,Min,Min,Weight\n')).toEqual([`Row 1: ${m.header}`]);
    expect(messages('')).toEqual([`Row 1: ${m.header}`]);
  });

  it('refuses a file without rows, and one with more rows than allowed', () => {
    expect(messages('Key,Min,Max,Weight\r\n\r\n')).toEqual([m.noRows]);
    const many = ['Key,Min,Max,Weight', ...Array.from({ length: PRICE_FACTOR_MAX_ROWS + 1 }, (_, i) => `K,${i},${i},1`)].join('\n');
    expect(messages(many)).toEqual([m.tooManyRows]);
  });

  it('names each missing value and each value of the wrong count by row', () => {
    expect(messages('Key,Min,Max,Weight\n,,,\nAge,1,2\nAge,1,2,3,4\n')).toEqual([
      m.required(2, 'Key'),
      m.required(2, 'Min'),
      m.required(2, 'Max'),
      m.required(2, 'Weight'),
      m.fieldCount(3, 3),
      m.fieldCount(4, 5),
    ]);
  });

  it('refuses values that are not plain numbers, out of range or too precise', () => {
    expect(messages('Key,Min,Max,Weight\nA,1e3,2,1\nB,-1,2,1\nC,1,1000000000,1\nD,0.125,1,1\nE,1,2,100.5\nF,1,2,0.00001\nG,1,"1,000",1\n')).toEqual([
      m.notNumber(2, 'Min'),
      m.rangeValue(3, 'Min'),
      m.rangeValue(4, 'Max'),
      m.rangeValue(5, 'Min'),
      m.weightValue(6),
      m.weightValue(7),
      m.notNumber(8, 'Max'),
    ]);
  });

  it('refuses a Key that is too long or holds separators', () => {
    expect(messages(`Key,Min,Max,Weight\n${'K'.repeat(51)},1,2,1\nAge#1,1,2,1\n`)).toEqual([m.keyTooLong(2), m.keyCharacters(3)]);
  });

  it('refuses Min above Max, but takes a one-value range', () => {
    expect(messages('Key,Min,Max,Weight\nAge,30,20,1\nSize,1,1,1\n')).toEqual([m.minAboveMax(2)]);
  });

  it('refuses overlapping ranges of one Key (ends included) on the later row, naming the other', () => {
    expect(messages('Key,Min,Max,Weight\nAge,25,34,1\nAge,18,25,1\nScore,18,25,1\nAge,35,40,1\n')).toEqual([m.overlap(3, 'Age', 2)]);
  });

  it('finds a range overlapping a wide one that earlier neighbours do not', () => {
    expect(messages('Key,Min,Max,Weight\nAge,0,100,1\nAge,10,20,1\nAge,30,40,1\n')).toEqual([m.overlap(3, 'Age', 2), m.overlap(4, 'Age', 2)]);
  });

  it('keeps every row with its outcome for the report, refused or not', () => {
    const result = check('Key,Min,Max,Weight\nAge,1,2,1\nAge,x,2,1\n');
    expect(result.ok).toBe(false);
    expect(result.checked.map((c) => [c.row, c.values.Min, c.problems])).toEqual([
      [2, '1', []],
      [3, 'x', [m.notNumber(3, 'Min')]],
    ]);
  });
});
