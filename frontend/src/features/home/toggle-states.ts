// What Home's three toggles show (spec part 1 §4): Leads follows the account order status; Live
// Transfer and Third-Party can change only while the account is Active, and Live Transfer reads
// Paused whenever the account is paused, whatever its own stored status.
import type { Account } from '@/api/get-me.ts';

export interface ToggleState {
  checked: boolean;
  disabled: boolean;
  /** The word shown beside the switch. */
  status: string;
}

const accountPaused = (account: Account) => account.OrderStatus === 0;

export function leadsToggle(account: Account): ToggleState {
  const active = !accountPaused(account);
  return { checked: active, disabled: false, status: active ? 'Active' : 'Paused' };
}

export function liveTransferToggle(account: Account): ToggleState {
  const paused = accountPaused(account);
  const active = !paused && account.LiveTransferStatus === 1;
  return { checked: active, disabled: paused, status: active ? 'Active' : 'Paused' };
}

/** Third-party leads are on or off (part 1 §3: a boolean); the switch is still locked while paused. */
export function thirdPartyToggle(account: Account): ToggleState {
  const on = account.ThirdPartyLeadStatus;
  return { checked: on, disabled: accountPaused(account), status: on ? 'On' : 'Off' };
}
