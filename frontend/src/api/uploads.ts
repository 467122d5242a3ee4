// The CSV upload pipeline as the browser drives it (docs/api.md "CSV uploads"): send the file to the
// presigned PUT its ticket names, then read the upload's status until it is processed.
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '@/api/client.ts';
import { isFinished, type UploadStatusDto, type UploadTicket } from '#shared/api/uploads.ts';

/** How often the page asks whether the job has finished. */
export const UPLOAD_POLL_MS = 1000;

export class UploadTransferFailed extends Error {
  constructor(readonly status: number) {
    super(`The file could not be sent (${status || 'no answer'}).`);
    this.name = 'UploadTransferFailed';
  }
}

/** PUTs the file straight to storage (never through the API); throws UploadTransferFailed. */
export async function sendUploadFile(ticket: UploadTicket, file: Blob): Promise<void> {
  let response: Response;
  try {
    response = await fetch(ticket.Url, { method: ticket.Method, headers: ticket.Headers, body: file });
  } catch {
    throw new UploadTransferFailed(0);
  }
  if (!response.ok) throw new UploadTransferFailed(response.status);
}

export const uploadKeys = {
  all: ['uploads'] as const,
  status: (uploadId: string) => [...uploadKeys.all, 'status', uploadId] as const,
};

/** The upload's status, asked again every second until it is Succeeded or Failed. */
export const uploadStatusQueryOptions = (uploadId: string) =>
  queryOptions({
    queryKey: uploadKeys.status(uploadId),
    queryFn: ({ signal }) => callApi('uploads.status', { params: { uploadId }, signal }),
    refetchInterval: (query) => (query.state.data && isFinished(query.state.data.Status) ? false : UPLOAD_POLL_MS),
    // A poll that fails once (a blip) is asked again on the next tick rather than shown as an error.
    retry: 3,
    staleTime: 0,
  });

export type { UploadStatusDto, UploadTicket };
