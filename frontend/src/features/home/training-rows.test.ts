import { describe, expect, it } from 'vitest';
import { validTrainingRows } from './training-rows.ts';

describe('validTrainingRows', () => {
  it('keeps only the configured course titles, in the order received', () => {
    const rows = [
      { CourseName: 'Working Your Leads', Status: 'Complete' },
      { CourseName: 'Old Course', Status: 'Complete' },
      { CourseName: 'Lead Portal Basics', Status: 'In Progress' },
    ];
    expect(validTrainingRows(rows, ['Lead Portal Basics', 'Working Your Leads'])).toEqual([rows[0], rows[2]]);
  });

  it('keeps nothing when no titles are configured', () => {
    expect(validTrainingRows([{ CourseName: 'Lead Portal Basics', Status: 'Complete' }], [])).toEqual([]);
  });
});
