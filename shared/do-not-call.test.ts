// The do-not-call lists' shared rules (issue 24): how a file's number is read, a list's id from its
// name, the names a list may have, and the reason a refused lead carries.
import { describe, expect, it } from 'vitest';
import { dncListIdOf, dncListNameSchema, dncMessages, dncPhoneOf, doNotCallReason, isDoNotCallReason } from './do-not-call.ts';

describe('dncPhoneOf', () => {
  it('reads a US number however it is punctuated, with or without a leading 1', () => {
    for (const text of ['3125550142', '(312) 555-0142', '312.555.0142', '+1 312 555 0142', '1-312-555-0142']) expect(dncPhoneOf(text), text).toBe('3125550142');
  });

  it('refuses what is not a 10-digit US number, as the intake does (no area code starting 0 or 1, no letters)', () => {
    for (const text of ['', '555-0142', '0125550142', '1125550142', '31255501420', '312555014x', '312-555-0142 ext 2', '=cmd']) expect(dncPhoneOf(text), text).toBeUndefined();
  });
});

describe('a list name and its id', () => {
  it('keeps one list per name whatever its case and spacing', () => {
    expect(dncListIdOf('National DNC')).toBe('national-dnc');
    expect(dncListIdOf('  national   dnc ')).toBe('national-dnc');
    expect(dncListNameSchema.parse('  National   DNC ')).toBe('National DNC');
  });

  it('refuses an empty, too long or oddly written name with the message', () => {
    for (const name of ['', '   ', 'x'.repeat(51), '<script>', '-dash first']) expect(dncListNameSchema.safeParse(name).error?.issues[0]?.message, name).toBe(dncMessages.listName);
  });
});

describe('the refusal reason', () => {
  it('names every list and is told apart from the other reasons', () => {
    expect(doNotCallReason(['Internal'])).toBe('Do not call: the phone is on the do-not-call list Internal.');
    expect(doNotCallReason(['Internal', 'Litigators'])).toBe('Do not call: the phone is on the do-not-call lists Internal, Litigators.');
    expect(isDoNotCallReason(doNotCallReason(['Internal']))).toBe(true);
    expect(isDoNotCallReason('The campaign is not accepting leads.')).toBe(false);
  });
});
