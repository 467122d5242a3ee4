// Query keys of the staff Disputes screen, broadest first: a decision refreshes every status's list.
import type { DisputeStatusValue } from '#shared/api/disputes.ts';

export const disputeKeys = {
  all: ['disputes'] as const,
  queue: (status: DisputeStatusValue) => [...disputeKeys.all, 'queue', status] as const,
};
