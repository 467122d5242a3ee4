// What the shell derives from the signed-in user: the look, the header's details, and which banners
// and dialogs of spec part 1 §2.2 apply. Pure, so each rule is tested on its own.
import { isKnownTimeZone } from '#shared/time-zones.ts';
import type { Account, User } from '../../api/get-me.ts';
import type { Look } from '../../theme.ts';
import { formatDollars } from '../money.ts';

/** Broker agents get the grey and yellow look; everybody else, staff included, counts as captive. */
export function lookOf(account: Pick<Account, 'Type'> | null | undefined): Look {
  return account?.Type === 1 ? 'broker' : 'captive';
}

export type HeaderDetails =
  | { kind: 'agent'; name: string; agentId: string; email: string; balance: string; timeZone: string; zip: string }
  | { kind: 'admin'; name: string; email: string }
  | { kind: 'staff'; name: string; email: string };

/**
 * Agents (and sales assistants, who view an agent's account) see name and agent id, e-mail,
 * Balance, Time Zone and Zip Code; admins name, e-mail and the word Admin; other staff name and e-mail.
 * A sales assistant's name and id are the viewed agent's: the assistant's own name beside the
 * agent's id would name an account that does not exist.
 */
export function headerDetails(user: User): HeaderDetails {
  const base = { name: user.Name, email: user.EmailAddress };
  if (user.IsAdmin) return { kind: 'admin', ...base };
  if (!user.Account || !user.AgentId) return { kind: 'staff', ...base };
  return {
    kind: 'agent',
    ...base,
    name: viewedAccountName(user) ?? user.Name,
    agentId: user.AgentId,
    balance: formatDollars(user.Account.CurrentBalance),
    timeZone: user.Account.TimeZone ?? '',
    zip: user.Account.Zip,
  };
}

/** First Time Setup blocks use while the account's time zone is missing or not a known name. */
export const needsFirstTimeSetup = (account: Account | null): boolean => account !== null && !isKnownTimeZone(account.TimeZone);

/** Zip Code Verification shows while the zip status is Pending (0). */
export const needsZipVerification = (account: Account | null): boolean => account !== null && account.ZipCodeSetStatus === 0;

/** 'You are not purchasing leads' shows while the account's order status is Paused (0). */
export const isPaused = (account: Account | null): boolean => account !== null && account.OrderStatus === 0;

/** The {name} of 'Viewing account for {name}': the viewed account's first and last name. */
export function viewedAccountName(user: User): string | undefined {
  if (!user.IsSalesAssistant || !user.Account) return undefined;
  return `${user.Account.FirstName} ${user.Account.LastName}`.trim();
}

/** Orders needing attention are an agent's matter: admins never see the banner, staff have no orders. */
export const watchesOrders = (user: User): boolean => !user.IsAdmin && user.AgentId !== null;
