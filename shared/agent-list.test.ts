import { describe, expect, it } from 'vitest';
import {
  AGENT_LIST_MAX_PAGE_SIZE,
  agentExportQuerySchema,
  agentListQuerySchema,
  PAGE_NUMBER_INVALID,
  PAGE_SIZE_INVALID,
  SORT_COLUMN_INVALID,
  SORT_ORDER_INVALID,
} from './agent-list.ts';

const messages = (input: unknown) => agentListQuerySchema.safeParse(input).error?.issues.map((i) => i.message) ?? [];

describe('agent list query', () => {
  it('defaults to page 1 of 25, sorted by last name ascending, unfiltered', () => {
    expect(agentListQuerySchema.parse({})).toEqual({ PageNumber: 1, PageSize: 25, SortColumnName: 'LastName', SortOrder: false });
  });

  it('reads query-string text into numbers and a boolean sort order (true is descending)', () => {
    const q = agentListQuerySchema.parse({ PageNumber: '3', PageSize: '10', SortColumnName: 'CurrentBalance', SortOrder: 'true' });
    expect(q).toMatchObject({ PageNumber: 3, PageSize: 10, SortColumnName: 'CurrentBalance', SortOrder: true });
  });

  it('accepts the 30000 page size of the "all" request and refuses anything above it or below 1', () => {
    expect(agentListQuerySchema.parse({ PageSize: String(AGENT_LIST_MAX_PAGE_SIZE) }).PageSize).toBe(30_000);
    for (const bad of ['30001', '0', '-1', '2.5', 'ten', ''])
      expect(messages({ PageSize: bad }), bad).toEqual([PAGE_SIZE_INVALID]);
  });

  it('refuses a page number below 1', () => {
    expect(messages({ PageNumber: '0' })).toEqual([PAGE_NUMBER_INVALID]);
  });

  it('refuses an unknown sort column and a sort order that is not a boolean', () => {
    expect(messages({ SortColumnName: 'EmailAddress' })).toEqual([SORT_COLUMN_INVALID]);
    expect(messages({ SortOrder: 'down' })).toEqual([SORT_ORDER_INVALID]);
  });

  it("reads the hierarchy request's AccountId sort as the agent id column", () => {
    expect(agentListQuerySchema.parse({ SortColumnName: 'AccountId' }).SortColumnName).toBe('AgentId');
  });

  it('folds the lower-case spelling agentid&firstname&lastname onto the same filters', () => {
    const q = agentListQuerySchema.parse({ agentid: 'A00', firstname: 'jo', lastname: 'sm' });
    expect(q).toMatchObject({ AgentId: 'A00', FirstName: 'jo', LastName: 'sm' });
  });

  it('treats empty or blank filters as no filter', () => {
    const q = agentListQuerySchema.parse({ AgentId: '', FirstName: '  ', LastName: '' });
    expect(q.AgentId ?? q.FirstName ?? q.LastName).toBeUndefined();
  });

  it('gives the export the same filters and sort without paging', () => {
    expect(agentExportQuerySchema.parse({ LastName: 'Sm', SortOrder: 'true', PageSize: '5' })).toEqual({
      LastName: 'Sm',
      SortColumnName: 'LastName',
      SortOrder: true,
    });
  });
});
