// GET /api/uploads/{uploadId}: an upload's status, messages and report link, for its uploader or an admin.
import { readUploadStatus } from '#core/uploads/upload-status.ts';
import { ok, route } from '#platform/http.ts';

export const getUploadStatus = route('uploads.status', {
  handle: async ({ params, user }) => ok(await readUploadStatus(params.uploadId, user)),
});
