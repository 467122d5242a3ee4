import { describe, expect, it } from 'vitest';
import type { DirectoryEntry } from '#core/directory/agent-directory.ts';
import { agentsCsv, agentsFileName, type CsvLayout } from './agents-csv.ts';

const entry: DirectoryEntry = {
  agentId: 'A000042',
  firstName: 'Ada',
  lastName: 'Lovelace',
  status: 0,
  type: 0,
  lastLoginAt: '2025-03-10T14:05:09.000Z',
  lastLeadAt: '2001-06-01T00:00:00.000Z',
  terminationDate: '2025-03-01T12:00:00.000Z',
  priority: 3,
  balanceCents: 123_456,
  creditLineCents: 5_000,
};
const CENTRAL = 'America/Chicago';
const full: CsvLayout = { reduced: false, canSeePriority: true, canSeeCreditLine: true, ianaZone: CENTRAL };
const lines = (csv: string) => csv.split('\r\n');

describe('agent list CSV', () => {
  it('writes every column for a caller with the priority and credit line permissions', () => {
    expect(lines(agentsCsv([entry], full))).toEqual([
      'Agent ID,First Name,Last Name,Type,Status,Last Login,Last Lead Date Time,Current Balance,Priority,Credit Line,Termination Date',
      // Captive shows as Agent; a 2001 last lead counts as none; times in the given zone.
      'A000042,Ada,Lovelace,Agent,Termed,"3/10/2025, 9:05:09 AM",,1234.56,3,50.00,"3/1/2025, 6:00:00 AM"',
    ]);
  });

  it('leaves out priority and credit line for callers without their permissions', () => {
    const header = lines(agentsCsv([entry], { ...full, canSeePriority: false, canSeeCreditLine: false }))[0];
    expect(header).toBe('Agent ID,First Name,Last Name,Type,Status,Last Login,Last Lead Date Time,Current Balance,Termination Date');
  });

  it("gives managers the reduced layout even when they could see priority and credit line", () => {
    expect(lines(agentsCsv([entry], { ...full, reduced: true }))).toEqual([
      'Agent ID,First Name,Last Name,Last Login,Last Lead Date Time,Current Balance',
      'A000042,Ada,Lovelace,"3/10/2025, 9:05:09 AM",,1234.56',
    ]);
  });

  it('defuses names a spreadsheet would run as formulas', () => {
    const row = lines(agentsCsv([{ ...entry, firstName: '=HYPERLINK("x")' }], full))[1]!;
    expect(row).toContain(`"'=HYPERLINK(""x"")"`);
  });

  it("names the file by subject and the day in the exporter's zone", () => {
    const lateEvening = new Date('2025-03-11T03:30:00.000Z');
    expect(agentsFileName('MyTeam', lateEvening, CENTRAL)).toBe('MyTeam-03-10-2025.csv');
    expect(agentsFileName('Agents', lateEvening, 'America/New_York')).toBe('Agents-03-10-2025.csv');
    expect(agentsFileName('Agents', lateEvening, 'UTC')).toBe('Agents-03-11-2025.csv');
  });
});
