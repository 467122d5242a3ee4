// The CSV upload control every upload screen uses (price factors now, the agent uploads next): pick a
// file, checked by the same schema the server parses the request with; ask for a ticket; PUT the file
// to storage; poll the upload until processed; then show the result inline with the report's
// download link. The screen passes the call that hands out its ticket.
import { Alert, Anchor, Button, FileInput, Group, List, Loader, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { sendUploadFile, uploadStatusQueryOptions, UploadTransferFailed, type UploadStatusDto, type UploadTicket } from '@/api/uploads.ts';
import { ApiError } from '@/api/client.ts';
import { isFinished, uploadRequestSchema, type UploadRequest } from '#shared/api/uploads.ts';

export const UPLOAD_TEXTS = {
  success: 'CSV uploaded successfully',
  failure: 'Unable to upload CSV',
  /** Spec part 3 §8: a network error marks the upload unsuccessful. */
  network: 'The upload was unsuccessful: the file could not be sent. Check your connection and try again.',
  processing: 'Processing the file…',
} as const;

export interface CsvUploadProps {
  /** The file field's label. */
  label: string;
  /** The upload call of the screen (e.g. priceFactors.bulkImport). */
  requestTicket: (request: UploadRequest) => Promise<UploadTicket>;
  /** Called once with the finished upload (e.g. to reload the table after a success). */
  onFinished?: (status: UploadStatusDto) => void;
  /** A template the user can download and fill in. */
  template?: { fileName: string; content: string };
  /** Upload stays disabled (e.g. until the upload type is chosen, part 3 §5). */
  disabled?: boolean;
  /** Shows the result in a dialog (part 3 §4 "a response dialog") rather than under the control. */
  resultInDialog?: boolean;
}

type Phase =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'processing'; uploadId: string }
  | { kind: 'finished'; status: UploadStatusDto }
  | { kind: 'refused'; messages: string[] }
  | { kind: 'network' };

export function CsvUpload({ label, requestTicket, onFinished, template, disabled = false, resultInDialog = false }: CsvUploadProps) {
  const [file, setFile] = useState<File | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });

  const start = async () => {
    if (!file) return;
    const request = uploadRequestSchema.safeParse({ FileName: file.name, ContentLength: file.size });
    if (!request.success) return setFieldError(request.error.issues[0]?.message);
    setFieldError(undefined);
    setPhase({ kind: 'sending' });
    try {
      const ticket = await requestTicket(request.data);
      await sendUploadFile(ticket, file);
      setPhase({ kind: 'processing', uploadId: ticket.UploadId });
    } catch (err) {
      if (err instanceof ApiError && err.status !== 0) setPhase({ kind: 'refused', messages: err.messages });
      else if (err instanceof UploadTransferFailed || err instanceof ApiError || err instanceof TypeError) setPhase({ kind: 'network' });
      else throw err;
    }
  };

  const busy = phase.kind === 'sending' || phase.kind === 'processing';
  const outcome = outcomeOf(phase);
  return (
    <Stack gap="xs">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <FileInput
          label={label}
          placeholder="Choose a .csv file"
          accept=".csv,text/csv"
          value={file}
          onChange={(picked) => {
            setFile(picked);
            setFieldError(undefined);
          }}
          error={fieldError}
          clearable
          clearButtonProps={{ 'aria-label': 'Clear the chosen file' }}
          disabled={busy || disabled}
          style={{ flex: '1 1 16rem', minWidth: 0 }}
        />
        <Button onClick={() => void start()} disabled={!file || busy || disabled} loading={busy}>
          Upload
        </Button>
        {template && (
          <Anchor href={`data:text/csv;charset=utf-8,${encodeURIComponent(template.content)}`} download={template.fileName} size="sm">
            Download template
          </Anchor>
        )}
      </Group>
      {phase.kind === 'processing' && (
        <UploadProgress
          key={phase.uploadId}
          uploadId={phase.uploadId}
          onFinished={(status) => {
            setPhase({ kind: 'finished', status });
            onFinished?.(status);
          }}
          onLost={() => setPhase({ kind: 'network' })}
        />
      )}
      {resultInDialog ? (
        <Modal opened={outcome !== null} onClose={() => setPhase({ kind: 'idle' })} title="CSV Upload" centered>
          <Stack gap="md">
            {outcome}
            <Group justify="flex-end">
              <Button onClick={() => setPhase({ kind: 'idle' })}>Close</Button>
            </Group>
          </Stack>
        </Modal>
      ) : (
        outcome
      )}
    </Stack>
  );
}

/** What became of the upload, once there is something to say. */
function outcomeOf(phase: Phase): ReactNode | null {
  if (phase.kind === 'finished') return <UploadResult status={phase.status} />;
  if (phase.kind === 'refused') return <Failure messages={phase.messages} />;
  if (phase.kind === 'network')
    return (
      <Alert color="red" title={UPLOAD_TEXTS.failure} role="alert">
        {UPLOAD_TEXTS.network}
      </Alert>
    );
  return null;
}

/** Polls the upload until it is processed; says so meanwhile. */
function UploadProgress({ uploadId, onFinished, onLost }: { uploadId: string; onFinished: (status: UploadStatusDto) => void; onLost: () => void }) {
  const { data, isError } = useQuery(uploadStatusQueryOptions(uploadId));
  const finished = data && isFinished(data.Status) ? data : undefined;
  useEffect(() => {
    if (finished) onFinished(finished);
    else if (isError) onLost();
    // Once per outcome.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [finished?.Status, isError]);
  return (
    <Group gap="xs" role="status">
      <Loader size="xs" />
      <Text size="sm">{UPLOAD_TEXTS.processing}</Text>
      {/* Large files report their progress as they go (rows done of the file's rows). */}
      {data?.Rows ? (
        <Text size="sm">
          {(data.RowsDone ?? 0).toLocaleString('en-US')} of {data.Rows.toLocaleString('en-US')} rows done
        </Text>
      ) : null}
    </Group>
  );
}

/** The processed upload: success with its row count, or every message; the report's link with both. */
function UploadResult({ status }: { status: UploadStatusDto }) {
  const report = status.Report && (
    // Dark and underlined: the theme's link blue lacks contrast on the alerts' tinted background.
    <Anchor href={status.Report.Url} download={status.Report.FileName} size="sm" c="dark.8" underline="always">
      Download the report ({status.Report.FileName})
    </Anchor>
  );
  if (status.Status === 'Succeeded')
    return (
      <Alert color="teal" title={UPLOAD_TEXTS.success} role="status">
        <Stack gap={4}>
          <Text size="sm">{importedText(status)}</Text>
          {status.Messages.length > 0 && (
            <List size="sm" spacing={2}>
              {status.Messages.map((message) => (
                <List.Item key={message} style={{ overflowWrap: 'anywhere' }}>
                  {message}
                </List.Item>
              ))}
            </List>
          )}
          {report}
        </Stack>
      </Alert>
    );
  return <Failure messages={status.Messages}>{report}</Failure>;
}

/** '{file}: N rows imported', and the rows an earlier upload had applied or that were refused. */
export function importedText(status: Pick<UploadStatusDto, 'FileName' | 'Rows' | 'FailedRows' | 'AlreadyApplied'>): string {
  const already = status.AlreadyApplied ?? 0;
  const refused = status.FailedRows ?? 0;
  const imported = (status.Rows ?? 0) - refused - already;
  const rows = (n: number) => `${n.toLocaleString('en-US')} row${n === 1 ? '' : 's'}`;
  const parts = [`${status.FileName}: ${rows(imported)} imported`];
  if (already) parts.push(`${rows(already)} already applied by an earlier upload (nothing moved for ${already === 1 ? 'it' : 'them'})`);
  if (refused) parts.push(`${rows(refused)} refused (see the report)`);
  return `${parts.join(', ')}.`;
}

function Failure({ messages, children }: { messages: string[]; children?: ReactNode }) {
  return (
    <Alert color="red" title={UPLOAD_TEXTS.failure} role="alert">
      <Stack gap={4}>
        {messages.length > 0 && (
          <List size="sm" spacing={2}>
            {messages.map((message) => (
              <List.Item key={message} style={{ overflowWrap: 'anywhere' }}>
                {message}
              </List.Item>
            ))}
          </List>
        )}
        {children}
      </Stack>
    </Alert>
  );
}
