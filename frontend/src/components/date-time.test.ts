import { describe, expect, it } from 'vitest';
import { formatDateTime } from './date-time.ts';

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
