import { describe, expect, it } from 'vitest';
import { accountZone, inQuietHours, quietHoursEnd } from './quiet-hours.ts';

const CHICAGO = 'America/Chicago';
const NEW_YORK = 'America/New_York';
const PHOENIX = 'America/Phoenix';
const night = { start: '22:00', end: '07:00' };
const workday = { start: '09:00', end: '17:30' };
const at = (iso: string) => new Date(iso);

describe('quiet hours in the account zone', () => {
  it('spans midnight: late evening and early morning are inside, the end minute and the day are not', () => {
    // Chicago is UTC-6 in January.
    expect(inQuietHours(night, at('2026-01-15T04:00:00Z'), CHICAGO)).toBe(true); // 22:00, the first minute
    expect(inQuietHours(night, at('2026-01-15T09:30:00Z'), CHICAGO)).toBe(true); // 03:30
    expect(inQuietHours(night, at('2026-01-15T12:59:59Z'), CHICAGO)).toBe(true); // 06:59:59
    expect(inQuietHours(night, at('2026-01-15T13:00:00Z'), CHICAGO)).toBe(false); // 07:00, the end
    expect(inQuietHours(night, at('2026-01-15T18:00:00Z'), CHICAGO)).toBe(false); // noon
    expect(inQuietHours(night, at('2026-01-15T03:59:00Z'), CHICAGO)).toBe(false); // 21:59
  });

  it('reads the wall clock of the agent, not UTC or the server: the same instant is quiet in Chicago and not in New York', () => {
    // 06:30 in Chicago is 07:30 in New York.
    const instant = at('2026-01-15T12:30:00Z');
    expect(inQuietHours(night, instant, CHICAGO)).toBe(true);
    expect(inQuietHours(night, instant, NEW_YORK)).toBe(false);
  });

  it('keeps a window inside one day as it is', () => {
    expect(inQuietHours(workday, at('2026-01-15T15:00:00Z'), CHICAGO)).toBe(true); // 09:00
    expect(inQuietHours(workday, at('2026-01-15T23:29:00Z'), CHICAGO)).toBe(true); // 17:29
    expect(inQuietHours(workday, at('2026-01-15T23:30:00Z'), CHICAGO)).toBe(false); // 17:30
    expect(inQuietHours(workday, at('2026-01-15T14:59:00Z'), CHICAGO)).toBe(false); // 08:59
  });

  it('ends at the next end time on the wall clock, the same day or the next', () => {
    expect(quietHoursEnd(night, at('2026-01-15T04:17:30Z'), CHICAGO).toISOString()).toBe('2026-01-15T13:00:00.000Z'); // 22:17 -> 07:00 next day
    expect(quietHoursEnd(night, at('2026-01-15T09:30:00Z'), CHICAGO).toISOString()).toBe('2026-01-15T13:00:00.000Z'); // 03:30 -> 07:00 same day
    expect(quietHoursEnd(workday, at('2026-01-15T16:00:00Z'), CHICAGO).toISOString()).toBe('2026-01-15T23:30:00.000Z'); // 10:00 -> 17:30
  });

  it('answers the instant itself outside quiet hours', () => {
    const noon = at('2026-01-15T18:00:00Z');
    expect(quietHoursEnd(night, noon, CHICAGO)).toEqual(noon);
  });

  it('ends at 07:00 local on the night the clocks spring forward (an hour shorter)', () => {
    // 2026-03-08 02:00 CST becomes 03:00 CDT; 07:00 CDT is 12:00Z, not 13:00Z.
    const evening = at('2026-03-08T05:00:00Z'); // 23:00 CST on the 7th
    expect(inQuietHours(night, evening, CHICAGO)).toBe(true);
    expect(quietHoursEnd(night, evening, CHICAGO).toISOString()).toBe('2026-03-08T12:00:00.000Z');
  });

  it('ends at 07:00 local on the night the clocks fall back (an hour longer)', () => {
    // 2026-11-01 02:00 CDT becomes 01:00 CST; 07:00 CST is 13:00Z.
    const evening = at('2026-11-01T04:00:00Z'); // 23:00 CDT on Oct 31
    expect(quietHoursEnd(night, evening, CHICAGO).toISOString()).toBe('2026-11-01T13:00:00.000Z');
    // Inside the repeated hour (01:30 CST, the second time round) it is still quiet.
    expect(inQuietHours(night, at('2026-11-01T07:30:00Z'), CHICAGO)).toBe(true);
  });

  it('ends at the first moment outside when its end time does not exist that night', () => {
    // 02:30 is skipped on 2026-03-08 in Chicago: the window 22:00-02:30 ends when the clocks jump to 03:00 CDT (08:00Z).
    const skipped = { start: '22:00', end: '02:30' };
    const end = quietHoursEnd(skipped, at('2026-03-08T05:00:00Z'), CHICAGO);
    expect(end.toISOString()).toBe('2026-03-08T08:00:00.000Z');
    expect(inQuietHours(skipped, end, CHICAGO)).toBe(false);
  });

  it('takes a zone without daylight saving as it is, and Central for an account without a zone', () => {
    expect(quietHoursEnd(night, at('2026-07-01T06:00:00Z'), PHOENIX).toISOString()).toBe('2026-07-01T14:00:00.000Z'); // 23:00 MST -> 07:00 MST
    expect(accountZone(undefined)).toBe(CHICAGO);
    expect(accountZone('Nowhere')).toBe(CHICAGO);
    expect(accountZone('Pacific')).toBe('America/Los_Angeles');
  });
});
