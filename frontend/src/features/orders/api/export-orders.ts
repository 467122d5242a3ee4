// POST /api/agent/{agentId}/orders/export (spec part 2 §2 CSV export): the agent's fund orders or older
// orders as a CSV in the exports bucket, answered with a short-lived link and the file's name.
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/api/client.ts';

export interface ExportOrders {
  agentId: string;
  fund: boolean;
  includeCancelled: boolean;
}

export const exportOrders = ({ agentId, fund, includeCancelled }: ExportOrders) =>
  callApi('orders.openOrdersExport', {
    params: { agentId },
    query: { fund: fund ? 'true' : 'false', includeCancelled: includeCancelled ? 'true' : 'false' },
  });

/** A mutation rather than a query: every press writes a new file, and nothing is cached. */
export const useExportOrders = () => useMutation({ mutationFn: exportOrders });
