// Do-not-call lists (issue 24, "Compliance at intake"): staff upload CSV files of phone numbers into
// named lists (the company's internal list, a purchased national or litigator list), replacing a list
// or adding to it; a lead whose phone is on an active list is refused before it is routed or sold.
// The list names, the file's column, how a number is read and the messages, shared so the page and
// the csvProcess job say the same words (docs/api.md "Do-not-call lists").
import { z } from 'zod';

/** Replace: the file becomes the list (its old numbers stop matching once it is applied). Add: the file's numbers join the list. */
export const DNC_MODES = ['replace', 'add'] as const;
export type DncMode = (typeof DNC_MODES)[number];

export const DNC_LIST_NAME_MAX = 50;
/**
 * Active lists at most: a lead's check reads one key per active list in one BatchGet (at most 100
 * keys), so the check stays one read however many numbers the lists hold.
 */
export const DNC_ACTIVE_LISTS_MAX = 20;
/** The column holding the numbers (other columns are ignored). */
export const DNC_PHONE_COLUMN = 'Phone';
export const DNC_TEMPLATE = 'Phone\r\n(312) 555-0142\r\n';

/** The reason a refused lead carries: every list is named; figures count "rejected: do not call" by its start. */
export const DO_NOT_CALL_REASON_START = 'Do not call:';
export const doNotCallReason = (listNames: readonly string[]) =>
  `${DO_NOT_CALL_REASON_START} the phone is on the do-not-call list${listNames.length > 1 ? 's' : ''} ${listNames.join(', ')}.`;
/** Whether a lead's reason is the do-not-call refusal ("rejected: do not call" in the figures). */
export const isDoNotCallReason = (reason: string) => reason.startsWith(DO_NOT_CALL_REASON_START);

export const dncMessages = {
  listName: `List name must be 1 to ${DNC_LIST_NAME_MAX} letters, digits, spaces, dots, dashes or ampersands.`,
  mode: 'Mode must be replace or add.',
  tooManyActive: `At most ${DNC_ACTIVE_LISTS_MAX} do-not-call lists can be active; deactivate one first.`,
  listNotFound: 'Do-not-call list not found.',
  header: `The first row must name the column ${DNC_PHONE_COLUMN}.`,
  noRows: 'The file has no phone numbers.',
  phone: (text: string) => `${text.length > 30 ? `${text.slice(0, 30)}…` : text || '(empty)'} is not a 10-digit US phone number; not added.`,
  replacedMeanwhile: 'The list was replaced while this file was being added; upload it again to add its numbers.',
  busy: 'A file for this list is still being processed; upload this one when it has finished.',
  atRow: (row: number, message: string) => `Row ${row}: ${message}`,
} as const;

/** A list's name: trimmed, single spaces, letters, digits and a little punctuation. */
export const dncListNameSchema = z
  .string()
  .transform((s) => s.trim().replace(/\s+/g, ' '))
  .pipe(z.string().min(1, dncMessages.listName).max(DNC_LIST_NAME_MAX, dncMessages.listName).regex(/^[A-Za-z0-9][A-Za-z0-9 .&_-]*$/, dncMessages.listName));

/** The id a list is kept under: its name in lower case with dashes, so "National DNC" and "national dnc" are one list. */
export const dncListIdOf = (name: string) => name.trim().toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'list';

/**
 * The 10 digits of a US phone number as a file writes it ("(312) 555-0142", "312.555.0142",
 * "+1 312 555 0142"), or undefined when it is not one: what the lead's PrimaryPhone is compared with.
 */
export function dncPhoneOf(text: string): string | undefined {
  if (!/^[\d\s().+-]*$/.test(text)) return undefined;
  const digits = text.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');
  return /^[2-9]\d{9}$/.test(digits) ? digits : undefined;
}
