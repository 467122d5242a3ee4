// The funds screens' wording rules: EXPIRED, '-' for year 1, the active filter, agents added once.
import { describe, expect, it } from 'vitest';
import { addAgents, displayedText, fundDay, isExpired, modifiedText, summaryRows } from './fund-display.ts';

describe('fund display', () => {
  it('marks a fund EXPIRED once its end day has passed in Central time, not during it', () => {
    const endsNov23 = { EndDate: '2026-11-23T00:00:00.000Z' };
    expect(isExpired({ EndDate: '2026-11-22T00:00:00.000Z' }, new Date('2026-11-23T12:00:00Z'))).toBe(true);
    expect(isExpired(endsNov23, new Date('2026-11-23T12:00:00Z'))).toBe(false); // 23 November, 6 am Central
    expect(isExpired(endsNov23, new Date('2026-11-24T04:00:00Z'))).toBe(false); // 23 November, 10 pm Central
    expect(isExpired(endsNov23, new Date('2026-11-24T07:00:00Z'))).toBe(true); // 24 November, 1 am Central
  });

  it("shows '-' for a modified date of year 1", () => {
    expect(modifiedText('0001-01-01T00:00:00.000Z', () => 'shown')).toBe('-');
    expect(modifiedText('2026-01-01T00:00:00.000Z', () => 'shown')).toBe('shown');
  });

  it('reads fund dates as calendar days', () => {
    expect(fundDay('2026-12-01T00:00:00.000Z')).toBe('12/1/2026');
  });

  it('keeps only active funds while the box is ticked and counts them', () => {
    const funds = [{ IsActive: true }, { IsActive: false }];
    expect(summaryRows(funds, true)).toHaveLength(1);
    expect(summaryRows(funds, false)).toHaveLength(2);
    expect(displayedText(2)).toBe('2 fund(s) displayed');
  });

  it('does not add an agent already listed twice', () => {
    const listed = [{ AgentId: 'A1' }];
    expect(addAgents(listed, [{ AgentId: 'A1' }, { AgentId: 'A2' }, { AgentId: 'A2' }]).map((a) => a.AgentId)).toEqual(['A1', 'A2']);
  });
});
