// The three agent upload calls (spec part 3 §7 "CSV uploads"): each answers a ticket for a presigned
// PUT of the file (docs/api.md "CSV uploads"); the file is processed from storage.
import type { AgentUploadKind } from '#shared/agent-uploads.ts';
import type { UploadRequest } from '#shared/api/uploads.ts';
import { callApi } from '@/api/client.ts';

export function requestAgentUpload(kind: AgentUploadKind, body: UploadRequest) {
  switch (kind) {
    case 'creditLimit':
      return callApi('uploads.creditLimits', { body });
    case 'transaction':
      return callApi('uploads.transactions', { body });
    case 'reimburse':
      return callApi('uploads.reimbursements', { body });
  }
}
