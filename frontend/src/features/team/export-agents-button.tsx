// Export to CSV for My Team and the Agents page: starts the export job for the table's filters and
// sort, shows 'Exporting… N of M agents' beside the button while it runs, downloads the file once it
// is written, and says plainly why when it could not be.
import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { EXPORT_TEXTS, useAgentExport, type TeamExportQuery } from './api/export-agents.ts';

/** `query` is read at the click, so the export takes the filters and sort shown then. */
export function ExportAgentsButton({ query }: { query: () => TeamExportQuery }) {
  const { state, start } = useAgentExport();
  return (
    <Stack gap={4} align="flex-end">
      {/* Disabled, not loading, while the job runs: the button keeps its name, the progress is beside it. */}
      <Button variant="light" disabled={state.kind === 'running'} onClick={() => start(query())}>
        Export to CSV
      </Button>
      {state.kind === 'running' && (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text size="sm">{EXPORT_TEXTS.exporting(state.rowsDone, state.rows)}</Text>
        </Group>
      )}
      {state.kind === 'failed' && (
        <Text size="sm" c="red.8" role="alert">
          {state.message}
        </Text>
      )}
    </Stack>
  );
}
