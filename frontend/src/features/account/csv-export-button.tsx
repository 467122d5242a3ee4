// CSV Export (spec part 1 §2.5): the server writes the range's CSV to the exports bucket and answers a
// short-lived link, which the browser then downloads under the file's name. A failure is only logged
// (spec part 1 §8: "Any other API failure is only logged; no user message").
import { Button } from '@mantine/core';
import { downloadFile } from '@/components/download.ts';
import { useExportTransactions, type ExportRange } from './api/export-transactions.ts';

export function CsvExportButton({ range }: { range: ExportRange }) {
  const exporter = useExportTransactions();
  return (
    <Button
      variant="outline"
      loading={exporter.isPending}
      onClick={() => exporter.mutate(range, { onSuccess: ({ Url, FileName }) => downloadFile(Url, FileName) })}
    >
      CSV Export
    </Button>
  );
}
