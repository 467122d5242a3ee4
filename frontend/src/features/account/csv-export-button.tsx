// CSV Export (spec part 1 §2.5): the server writes the range's CSV to the exports bucket and answers a
// short-lived link, which the browser then downloads under the file's name. A failure is only logged
// (spec part 1 §8: "Any other API failure is only logged; no user message").
import { Button } from '@mantine/core';
import { useExportTransactions, type ExportRange } from './api/export-transactions.ts';

/** Hands the presigned link to the browser as a download; the bucket sends it as an attachment. */
function download(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

export function CsvExportButton({ range }: { range: ExportRange }) {
  const exporter = useExportTransactions();
  return (
    <Button
      variant="outline"
      loading={exporter.isPending}
      onClick={() => exporter.mutate(range, { onSuccess: ({ Url, FileName }) => download(Url, FileName) })}
    >
      CSV Export
    </Button>
  );
}
