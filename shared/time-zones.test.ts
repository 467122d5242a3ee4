import { describe, expect, it } from 'vitest';
import { companyDay } from './time-zones.ts';

describe("the company's day", () => {
  // The server's saves, the lead engine, the reports and the browser's wizards and forms count fund and
  // campaign dates in it, wherever the browser is (these instants are another day in UTC, Eastern or Pacific).
  it('is the Central day, not the browser\'s or UTC\'s', () => {
    expect(companyDay(new Date('2026-06-01T04:30:00.000Z'))).toBe('2026-05-31'); // 11:30 pm Central, 12:30 am Eastern
    expect(companyDay(new Date('2026-06-01T05:30:00.000Z'))).toBe('2026-06-01'); // 12:30 am Central, 10:30 pm Pacific on 31 May
    expect(companyDay(new Date('2026-11-01T06:30:00.000Z'))).toBe('2026-11-01'); // 1:30 am CDT, the fall-back night
  });
});
