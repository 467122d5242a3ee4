// GET /api/agent/export: the filtered, sorted agent list as a CSV file in the exports bucket, answered
// with a five-minute download link; managers get the reduced layout.
import { randomUUID } from 'node:crypto';
import { listAllAgents } from '#core/agent-directory.ts';
import { config } from '#platform/config.ts';
import { AgentProfile } from '#platform/entities.ts';
import { ok, route } from '#platform/http.ts';
import { agentKeys } from '#platform/keys.ts';
import { presignDownload, putFile } from '#platform/s3.ts';
import type { SessionUser } from '#platform/session-user.ts';
import { DEFAULT_TIME_ZONE, isKnownTimeZone, TIME_ZONES } from '#shared/time-zones.ts';
import { agentsCsv, agentsFileName } from './agents-csv.ts';
import { directoryViewerOf, getsReducedExport } from './viewer.ts';

/** How long the download link works. */
export const EXPORT_URL_SECONDS = 300;

export const exportAgents = route('agents.export', {
  handle: async ({ query, user }) => {
    const viewer = directoryViewerOf(user);
    const [entries, ianaZone] = await Promise.all([
      listAllAgents(viewer, {
        filters: { agentId: query.AgentId, firstName: query.FirstName, lastName: query.LastName },
        sort: { column: query.SortColumnName, descending: query.SortOrder },
      }),
      zoneOf(user),
    ]);
    const csv = agentsCsv(entries, { reduced: getsReducedExport(user), canSeePriority: viewer.canSeePriority, canSeeCreditLine: viewer.canSeeCreditLine, ianaZone });
    const now = new Date();
    const fileName = agentsFileName(viewer.scope.kind === 'downline' ? 'MyTeam' : 'Agents', now, ianaZone);
    // Keyed by the exporting user; the random part keeps two exports of one day apart.
    const key = `agents/${user.userId}/${randomUUID()}/${fileName}`;
    const bucket = config().EXPORTS_BUCKET;
    await putFile({ bucket, key, body: csv, contentType: 'text/csv; charset=utf-8', fileName });
    const url = await presignDownload({ bucket, key, fileName, expiresInSeconds: EXPORT_URL_SECONDS });
    return ok({ Url: url, FileName: fileName });
  },
});

/** An agent's own time zone (unknown ones read as the default); staff have none and get Central. */
async function zoneOf(user: SessionUser): Promise<string> {
  const profile = user.agentId ? await AgentProfile.get(agentKeys.profileById(user.agentId)) : undefined;
  return TIME_ZONES[isKnownTimeZone(profile?.timeZone) ? profile.timeZone : DEFAULT_TIME_ZONE];
}
