// Route handlers of the uploads area, keyed by manifest route id. Routes missing here answer 501.
import type { AreaRoutes } from '#platform/http.ts';
import { getUploadStatus } from './get-upload-status.ts';
import { requestCreditLimitUpload, requestReimbursementUpload, requestTransactionUpload } from './request-agent-upload.ts';

export const routes: AreaRoutes = {
  'uploads.transactions': requestTransactionUpload,
  'uploads.creditLimits': requestCreditLimitUpload,
  'uploads.reimbursements': requestReimbursementUpload,
  'uploads.status': getUploadStatus,
};
