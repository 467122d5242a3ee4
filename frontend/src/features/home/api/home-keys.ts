// Query keys of Home's cards, broadest first, so a change invalidates only the cards it affects (a
// money movement: the account summary; a phone or training change: that agent's card).
import { ACCOUNT_SUMMARY_KEY } from '@/api/balance-views.ts';

export const homeKeys = {
  accountSummary: ACCOUNT_SUMMARY_KEY,
  account: ['account'] as const,
  agentPhone: (agentId: string) => [...homeKeys.account, 'agentphonenumber', agentId] as const,
  trainingData: (agentId: string) => [...homeKeys.account, 'agenttrainingdata', agentId] as const,
};
