// POST /api/agent/export: starts the agents CSV export for the table's filters and sort (answers 202
// with the export's id); the agentExport job writes the file. What the file may show is decided here,
// from the requesting session: the viewer's scope and column rights, the managers' reduced layout and
// the time zone are recorded with the export, and the job uses nothing else.
import { assertMaySortBy, findAgentProfile } from '#core/directory/agent-directory.ts';
import { requestAgentExport } from '#core/directory/agent-exports.ts';
import { accepted, route } from '#platform/http.ts';
import type { SessionUser } from '#platform/session-user.ts';
import { DEFAULT_TIME_ZONE, isKnownTimeZone, TIME_ZONES } from '#shared/time-zones.ts';
import { directoryViewerOf, getsReducedExport } from './viewer.ts';

export const exportAgents = route('agents.export', {
  handle: async ({ query, user }) => {
    const viewer = directoryViewerOf(user);
    // Refused now (403), not later in the job: sorting by a column the caller may not see would reveal it.
    assertMaySortBy(viewer, query.SortColumnName);
    const started = await requestAgentExport({
      userId: user.userId,
      viewer,
      reduced: getsReducedExport(user),
      ianaZone: await zoneOf(user),
      filters: { agentId: query.AgentId, firstName: query.FirstName, lastName: query.LastName },
      sort: { column: query.SortColumnName, descending: query.SortOrder },
    });
    return accepted(started);
  },
});

/** An agent's own time zone (unknown ones read as the default); staff have none and get Central. */
async function zoneOf(user: SessionUser): Promise<string> {
  const profile = user.agentId ? await findAgentProfile(user.agentId) : undefined;
  return TIME_ZONES[isKnownTimeZone(profile?.timeZone) ? profile.timeZone : DEFAULT_TIME_ZONE];
}
