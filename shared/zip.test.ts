import { describe, expect, it } from 'vitest';
import { RADIUS_CHOICES, radiusMilesSchema, stateCodeSchema, ZIP_INPUT_PATTERN, zipCodeSchema, zipEntryKind, zipOrScfSchema, placeNameSchema } from './zip.ts';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues.map((i) => i.message) ?? [];

describe('zip rules', () => {
  it("accepts exactly 5 digits as a zip and refuses anything else with 'Invalid Zip Code'", () => {
    expect(zipCodeSchema.safeParse('02108').success).toBe(true);
    for (const bad of ['2108', '021080', '0210a', ' 02108', ''])
      expect(messages(zipCodeSchema.safeParse(bad)), bad).toEqual(['Invalid Zip Code']);
  });

  it('tells an SCF (3 digits) from a zip (5 digits); other lengths cannot be added', () => {
    expect(zipEntryKind('021')).toBe('scf');
    expect(zipEntryKind('02108')).toBe('zip');
    for (const text of ['', '0', '02', '0210', '021080', '02a']) expect(zipEntryKind(text), text).toBeUndefined();
    expect(zipOrScfSchema.safeParse('021').success).toBe(true);
    expect(messages(zipOrScfSchema.safeParse('0210'))).toEqual(['Invalid Zip Code']);
  });

  it('lets a zip field hold only up to 5 digits while typing', () => {
    expect(['', '0', '021', '02108'].every((t) => ZIP_INPUT_PATTERN.test(t))).toBe(true);
    expect(['021080', '02-1', 'a'].some((t) => ZIP_INPUT_PATTERN.test(t))).toBe(false);
  });
});

describe('radius rule', () => {
  it('offers 5 to 50 miles in steps of 5', () => {
    expect(RADIUS_CHOICES).toEqual([5, 10, 15, 20, 25, 30, 35, 40, 45, 50]);
  });

  it('takes miles from a path segment or a number', () => {
    expect(radiusMilesSchema.parse('25')).toBe(25);
    expect(radiusMilesSchema.parse(50)).toBe(50);
  });

  it('refuses a radius outside the choices with its message', () => {
    for (const bad of ['0', '3', '12', '55', '100', '-5', '5.0', 'ten', 7])
      expect(messages(radiusMilesSchema.safeParse(bad)), String(bad)).toEqual(['Radius must be 5 to 50 miles in steps of 5.']);
  });
});

describe('state and name rules', () => {
  it('upper-cases a two-letter state and refuses anything else', () => {
    expect(stateCodeSchema.parse('tx')).toBe('TX');
    expect(messages(stateCodeSchema.safeParse('Texas'))).toEqual(['State must be a two-letter code.']);
  });

  it('trims a city or county name and requires one', () => {
    expect(placeNameSchema.parse('  Travis ')).toBe('Travis');
    expect(messages(placeNameSchema.safeParse('   '))).toEqual(['A city or county name is required.']);
  });
});
