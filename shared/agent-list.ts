// The agent list (My Team, the Agents page, the order wizard's agent hierarchy; spec part 1 §2.4, §7,
// §9, part 2 §7, part 3 §2, §7): the query schema the browser and `GET /api/agent` share, the row
// shape with its derived display names, and the paging constants.
import { z } from 'zod';

/** My Team and the Agents page page at 25; the first agent-list request asks for 10. */
export const AGENT_LIST_PAGE_SIZE = 25;
export const AGENT_LIST_FIRST_PAGE_SIZE = 10;
/** The spec's "all": the agent hierarchy request asks for 30000 to get every agent in one page. */
export const AGENT_LIST_MAX_PAGE_SIZE = 30_000;
/** Filter requests wait this long after the last keystroke. */
export const AGENT_LIST_FILTER_DEBOUNCE_MS = 500;

export const AGENT_SORT_COLUMNS = [
  'AgentId',
  'FirstName',
  'LastName',
  'LastLoginDateTime',
  'LastLeadDateTime',
  'CurrentBalance',
  'Status',
  'Type',
  'Priority',
  'CreditLine',
] as const;
export type AgentSortColumn = (typeof AGENT_SORT_COLUMNS)[number];

export const PAGE_NUMBER_INVALID = 'PageNumber must be a whole number of 1 or more.';
export const PAGE_SIZE_INVALID = `PageSize must be a whole number from 1 to ${AGENT_LIST_MAX_PAGE_SIZE}.`;
export const SORT_COLUMN_INVALID = `SortColumnName must be one of ${AGENT_SORT_COLUMNS.join(', ')}.`;
export const SORT_ORDER_INVALID = 'SortOrder must be true or false.';
export const FILTER_TOO_LONG = 'Filters can be at most 100 characters.';

const FILTER_MAX_LENGTH = 100;
const QUERY_NAMES = ['PageNumber', 'PageSize', 'AgentId', 'FirstName', 'LastName', 'SortColumnName', 'SortOrder'] as const;

/**
 * The spec writes the parameters both as `PageNumber` and as `agentid&firstname&lastname` (part 3
 * §7); query strings are case-sensitive, so both spellings are folded onto the PascalCase names.
 */
function foldNames(raw: unknown): unknown {
  if (typeof raw !== 'object' || raw === null) return raw;
  const folded: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    const name = QUERY_NAMES.find((n) => n.toLowerCase() === key.toLowerCase());
    if (name) folded[name] = value;
  }
  return folded;
}

/** A whole number from text (query strings) or a number (the browser's own calls). */
const wholeNumber = (message: string, min: number, max: number) =>
  z.union([z.number(), z.string().trim().regex(/^\d+$/, message).transform(Number)], { error: message }).pipe(
    z.number({ error: message }).int(message).min(min, message).max(max, message),
  );

/** An empty filter is no filter: the table sends cleared column filters as empty strings. */
const filter = z
  .string()
  .trim()
  .max(FILTER_MAX_LENGTH, FILTER_TOO_LONG)
  .optional()
  .transform((v) => (v ? v : undefined));

/** 'AccountId' is the agent hierarchy request's name for the agent id column (part 2 §7). */
const sortColumn = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v === 'AccountId' ? 'AgentId' : v || undefined))
  .pipe(z.enum(AGENT_SORT_COLUMNS, { error: SORT_COLUMN_INVALID }).default('LastName'));

const sortOrder = z
  .union([z.boolean(), z.enum(['true', 'false', 'True', 'False', '']).transform((v) => v.toLowerCase() === 'true')], {
    error: SORT_ORDER_INVALID,
  })
  .default(false);

export const agentListQuerySchema = z.preprocess(
  foldNames,
  z.object({
    PageNumber: wholeNumber(PAGE_NUMBER_INVALID, 1, Number.MAX_SAFE_INTEGER).default(1),
    PageSize: wholeNumber(PAGE_SIZE_INVALID, 1, AGENT_LIST_MAX_PAGE_SIZE).default(AGENT_LIST_PAGE_SIZE),
    /** Prefix of the agent id, case-insensitive. */
    AgentId: filter,
    /** Prefix of the first name, case-insensitive. */
    FirstName: filter,
    /** Prefix of the last name, case-insensitive. */
    LastName: filter,
    SortColumnName: sortColumn,
    /** true is descending. */
    SortOrder: sortOrder,
  }),
);
export type AgentListQuery = z.infer<typeof agentListQuerySchema>;

/** The export takes the list's filters and sort; it is the whole filtered list, never one page. */
export const agentExportQuerySchema = z.preprocess(
  foldNames,
  z.object({
    AgentId: filter,
    FirstName: filter,
    LastName: filter,
    SortColumnName: sortColumn,
    SortOrder: sortOrder,
  }),
);
export type AgentExportQuery = z.infer<typeof agentExportQuerySchema>;

export type AgentType = 0 | 1 | 2;
export type AgentStatus = 0 | 1;

/** Captive agents are shown as 'Agent' (part 3 §3). */
export const AGENT_TYPE_NAMES: Record<AgentType, string> = { 0: 'Agent', 1: 'Broker', 2: 'FirstFamily' };
export const AGENT_STATUS_NAMES: Record<AgentStatus, string> = { 0: 'Termed', 1: 'Active' };

// The row, page and basic-info shapes are part of the API contract: shared/api/agents.ts.

/** The columns the distribution list (an agent without My Team or Agents) may be sorted by: sorting by balance would reveal it. */
export const AGENT_DISTRIBUTION_SORT_COLUMNS: readonly AgentSortColumn[] = ['AgentId', 'FirstName', 'LastName'];
