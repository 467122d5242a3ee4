// Whose account cards Home shows: agents holding the account summary permission. Admins get the
// admin home page without account cards, and staff have no account (spec part 1 §2.3, §6). Users
// without account cards who may view the reports get the marketplace insights instead (issue 12).
import type { Account, User } from '../../api/get-me.ts';

export const accountWithCards = (user: User): Account | null =>
  !user.IsAdmin && user.Permissions.includes('CAN_VIEW_ACCOUNT_SUMMARY') ? user.Account : null;

export const showsStaffInsights = (user: User): boolean => accountWithCards(user) === null && user.Permissions.includes('CAN_VIEW_LC_REPORTS');
