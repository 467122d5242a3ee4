// The Agents page's CSV upload and template area (spec part 3 §2 "CSV uploads", §4, §5, §8): the
// upload type is chosen first, and only then is Upload enabled; each type has its template; the
// result (success, or 'Unable to upload CSV' with each message) shows in a dialog, with the report
// CSV of every row's outcome to download.
import { Card, Select, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { AGENT_LIST_KEY } from '@/api/balance-views.ts';
import { CsvUpload } from '@/components/csv-upload.tsx';
import { AGENT_UPLOAD_COLUMNS, AGENT_UPLOAD_TEMPLATES, type AgentUploadKind } from '#shared/agent-uploads.ts';
import { requestAgentUpload } from './api/request-upload.ts';

/** The upload types (part 3 §2 "CSV uploads") with their columns (§3 "Upload files"). */
const AGENT_UPLOAD_TYPES: { value: AgentUploadKind; label: string }[] = [
  { value: 'creditLimit', label: 'Credit Limit' },
  { value: 'transaction', label: 'Transaction' },
  { value: 'reimburse', label: 'Lead Reimbursement' },
];

export function AgentUploads() {
  const [kind, setKind] = useState<AgentUploadKind | null>(null);
  const queryClient = useQueryClient();
  const type = AGENT_UPLOAD_TYPES.find((t) => t.value === kind);
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={2} size="h4">
          CSV Upload
        </Title>
        <Select
          label="Upload type"
          placeholder="Choose the type of file"
          data={AGENT_UPLOAD_TYPES.map(({ value, label }) => ({ value, label }))}
          value={kind}
          // Picking the chosen type again keeps it (and, through the key below, the file picked for it).
          allowDeselect={false}
          onChange={(value) => value && setKind(value as AgentUploadKind)}
          maw={320}
        />
        {type && (
          <Text size="sm" c="dimmed">
            Columns: {AGENT_UPLOAD_COLUMNS[type.value].join(', ')}
          </Text>
        )}
        <CsvUpload
          key={kind ?? 'none'}
          label="CSV file"
          disabled={!type}
          resultInDialog
          requestTicket={(request) => requestAgentUpload(kind!, request)}
          {...(type ? { template: { fileName: `${type.value}-template.csv`, content: AGENT_UPLOAD_TEMPLATES[type.value] } } : {})}
          // Balances and credit lines in the table change with an applied file.
          onFinished={() => void queryClient.invalidateQueries({ queryKey: AGENT_LIST_KEY })}
        />
      </Stack>
    </Card>
  );
}
