// GET /api/agent: one page of My Team (an agent's downline) or of the Agents page (every agent for
// staff), filtered, sorted, with the spec's Results and Metadata.
import { gzipSync } from 'node:zlib';
import { listAgents } from '#core/directory/agent-directory.ts';
import { ok, RawBody, route, type ApiEvent, type Reply } from '#platform/http.ts';
import { ValidationFailed } from '#platform/errors.ts';
import { AGENT_DISTRIBUTION_SORT_COLUMNS, SORT_COLUMN_INVALID } from '#shared/agent-list.ts';
import type { AgentDistributionPage, AgentListPage } from '#shared/api/agents.ts';
import { toListRow } from './agent-shapes.ts';
import { directoryViewerOf, seesDistributionOnly } from './viewer.ts';

/**
 * Answers above this size go out gzip-compressed to clients that accept it. The "all" request
 * (PageSize 30000) over 30,000 agents is about 8 MB of JSON, above Lambda's 6 MB response limit;
 * compressed it is about a tenth of that.
 */
const COMPRESS_ABOVE_BYTES = 256 * 1024;

export const listAgentsRoute = route('agents.list', {
  handle: async ({ query, user, event }) => {
    const viewer = directoryViewerOf(user);
    const distributionOnly = seesDistributionOnly(user);
    if (distributionOnly && !AGENT_DISTRIBUTION_SORT_COLUMNS.includes(query.SortColumnName)) throw new ValidationFailed(SORT_COLUMN_INVALID);
    const page = await listAgents(viewer, {
      filters: { agentId: query.AgentId, firstName: query.FirstName, lastName: query.LastName },
      sort: { column: query.SortColumnName, descending: query.SortOrder },
      page: query.PageNumber,
      pageSize: query.PageSize,
    });
    const Metadata = {
      TotalPages: Math.ceil(page.totalCount / query.PageSize),
      TotalCount: page.totalCount,
      PageNumber: query.PageNumber,
      PageSize: query.PageSize,
    };
    if (distributionOnly) {
      const reduced: AgentDistributionPage = {
        Results: page.entries.map((e) => ({ AgentId: e.agentId, FirstName: e.firstName, LastName: e.lastName, ParentAgentId: e.parentAgentId ?? null, Status: e.status })),
        Metadata,
      };
      return jsonReply(reduced, event);
    }
    const body: AgentListPage = { Results: page.entries.map((e) => toListRow(e, viewer)), Metadata };
    return jsonReply(body, event);
  },
});

function jsonReply<T extends AgentListPage | AgentDistributionPage>(body: T, event: ApiEvent): Reply<T> {
  const json = JSON.stringify(body);
  const acceptsGzip = /\bgzip\b/.test(event.headers?.['accept-encoding'] ?? '');
  if (json.length <= COMPRESS_ABOVE_BYTES || !acceptsGzip) return ok(body);
  return {
    status: 200,
    body: new RawBody(gzipSync(json)),
    headers: { 'content-type': 'application/json; charset=utf-8', 'content-encoding': 'gzip', vary: 'accept-encoding' },
  };
}
