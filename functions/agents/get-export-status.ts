// GET /api/exports/{exportId}: an agents export's status and progress, and its download link once the
// file is written; only for the user who requested it.
import { readAgentExportStatus } from '#core/directory/agent-exports.ts';
import { ok, route } from '#platform/http.ts';

export const getExportStatus = route('agents.exportStatus', {
  handle: async ({ params, user }) => ok(await readAgentExportStatus(params.exportId, user)),
});
