import { describe, expect, it } from 'vitest';
import { formatDateTime, parsePickerDay } from './date-time.ts';

describe('date and time display', () => {
  it("shows M/D/YYYY, h:mm:ss A in the account's time zone", () => {
    expect(formatDateTime('2026-03-05T17:04:09Z', 'Eastern')).toBe('3/5/2026, 12:04:09 PM');
    expect(formatDateTime('2026-03-05T17:04:09Z', 'Hawaii')).toBe('3/5/2026, 7:04:09 AM');
  });

  it('uses Central for a missing or unknown time zone', () => {
    expect(formatDateTime('2026-07-01T05:00:00Z', null)).toBe('7/1/2026, 12:00:00 AM');
    expect(formatDateTime('2026-07-01T05:00:00Z', 'Mars')).toBe('7/1/2026, 12:00:00 AM');
  });
});

describe('a day typed into a date picker', () => {
  it('reads M/D/YYYY as a calendar day, with or without leading zeros and around spaces', () => {
    expect(parsePickerDay('3/7/2026')).toBe('2026-03-07');
    expect(parsePickerDay('03/07/2026')).toBe('2026-03-07');
    expect(parsePickerDay(' 12/31/2025 ')).toBe('2025-12-31');
    expect(parsePickerDay('2/29/2028')).toBe('2028-02-29');
  });

  it('reads nothing from a day that does not exist or another format', () => {
    expect(parsePickerDay('2/30/2026')).toBeNull();
    expect(parsePickerDay('2/29/2027')).toBeNull();
    expect(parsePickerDay('13/1/2026')).toBeNull();
    expect(parsePickerDay('0/1/2026')).toBeNull();
    expect(parsePickerDay('2026-03-07')).toBeNull();
    expect(parsePickerDay('3/7/26')).toBeNull();
    expect(parsePickerDay('')).toBeNull();
  });
});
