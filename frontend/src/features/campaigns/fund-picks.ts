// Adding a fund in the Funds dialog: a fund removed earlier in this edit (still listed as DeleteFund
// so the PUT would delete its link) comes back as a change of that link at the next priority,
// rather than as a second selection of the same fund, which the server refuses.
import type { FundPick } from './campaign-form-model.ts';

type Add = (list: readonly FundPick[], fund: Omit<FundPick, 'Priority' | 'Action'>) => FundPick[];

export function restoreOrAddFund(list: readonly FundPick[], fund: Omit<FundPick, 'Priority' | 'Action'>, add: Add): FundPick[] {
  const removed = list.find((f) => f.FundId === fund.FundId && f.Action === 'DeleteFund');
  if (!removed) return add(list, fund);
  const kept = list.filter((f) => f.Action !== 'DeleteFund').length;
  return list.map((f) => (f === removed ? { ...f, IsActive: fund.IsActive, Priority: kept + 1, Action: 'UpdateFund' } : f));
}
