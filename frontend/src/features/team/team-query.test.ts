import { describe, expect, it } from 'vitest';
import { DEFAULT_SORT, NO_FILTERS, teamQuery } from './team-query.ts';

describe('My Team request parameters', () => {
  it('the first request asks for 10 rows of page 1, sorted by last name ascending, unfiltered', () => {
    expect(teamQuery({ page: 1, filters: NO_FILTERS, sort: DEFAULT_SORT, firstAnswered: false })).toEqual({
      PageNumber: 1,
      PageSize: 10,
      AgentId: undefined,
      FirstName: undefined,
      LastName: undefined,
      SortColumnName: 'LastName',
      SortOrder: false,
    });
  });

  it('once the first answer is in, pages are 25 rows', () => {
    expect(teamQuery({ page: 3, filters: NO_FILTERS, sort: DEFAULT_SORT, firstAnswered: true })).toMatchObject({ PageNumber: 3, PageSize: 25 });
  });

  it('sends trimmed filters, leaves blank ones out, and true for a descending sort', () => {
    const query = teamQuery({
      page: 1,
      filters: { AgentId: ' ', FirstName: ' mar ', LastName: '' },
      sort: { column: 'CurrentBalance', descending: true },
      firstAnswered: true,
    });
    expect(query).toMatchObject({ AgentId: undefined, FirstName: 'mar', LastName: undefined, SortColumnName: 'CurrentBalance', SortOrder: true });
  });
});
