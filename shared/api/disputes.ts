// Disputes (part 3 §4, §7): an agent disputes a lead; staff decide the disputes the pre-checks leave open.
import { pending } from './define.ts';

export const disputesApi = {
  'leads.dispute': pending('leads.dispute'),
  'leads.disputeQueue': pending('leads.disputeQueue'),
  'leads.decideDispute': pending('leads.decideDispute'),
} as const;
