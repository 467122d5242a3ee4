// POST /api/transactions/agent/{agentId}/startDate/{YYYY-MM-DD}/endDate/{YYYY-MM-DD}/export: the same
// range as a CSV file in the exports bucket, answered with a five-minute download link.
import { exportTransactions } from '#core/money/transactions-view.ts';
import { ok, route } from '#platform/http.ts';

export const exportTransactionsCsv = route('account.exportTransactions', {
  handle: async ({ params }) => {
    const file = await exportTransactions(params);
    return ok({ Url: file.url, FileName: file.fileName });
  },
});
