// The fund form's pure rules: the channel a set of toggles stands for and back, and the start-date rule.
import { describe, expect, it } from 'vitest';
import { channelOfToggles, FUND_MESSAGES, fundCreateBodySchema, fundFormSchema, startDateProblem, togglesOfChannel } from './fund-form.ts';
import { INVALID_DOLLAR_AMOUNT } from './money.ts';

describe('fund channel toggles', () => {
  it('maps every channel to toggles and back to the same channel', () => {
    for (let channel = 0; channel <= 7; channel++) expect(channelOfToggles(togglesOfChannel(channel))).toBe(channel);
  });

  it('gives no channel when nothing is on, and SpecifiedAgents whatever else is on', () => {
    expect(channelOfToggles({ Captive: false, Broker: false, FirstFamily: false, SpecifyAgents: false })).toBeUndefined();
    expect(channelOfToggles({ Captive: true, Broker: true, FirstFamily: true, SpecifyAgents: true })).toBe(7);
  });
});

describe('start date rule', () => {
  it('refuses a day before today unless it is the stored, unchanged start', () => {
    expect(startDateProblem('2026-11-22', '2026-11-23')).toBe(FUND_MESSAGES.startBeforeToday);
    expect(startDateProblem('2026-11-23', '2026-11-23')).toBeUndefined();
    expect(startDateProblem('2026-01-01', '2026-11-23', '2026-01-01')).toBeUndefined();
    expect(startDateProblem('2026-01-02', '2026-11-23', '2026-01-01')).toBe(FUND_MESSAGES.startBeforeToday);
  });
});

describe('the fund form schema', () => {
  const valid = {
    Name: 'Health Shared',
    Code: 'HS-1',
    LineOfBusiness: 2,
    Category: 2,
    CaptivePrice: 20,
    BrokerPrice: 25,
    StartDate: '2030-01-01',
    EndDate: '2030-12-31',
    Captive: true,
  };
  const messagesOf = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? [] : r.error!.issues.map((i) => i.message));

  it('coerces a price sent as text only from a plain decimal, as every other amount is read', () => {
    const cents = (CaptivePrice: unknown) => {
      const r = fundCreateBodySchema.safeParse({ ...valid, CaptivePrice });
      return r.success ? r.data.CaptivePrice : messagesOf(r);
    };
    expect([cents('20'), cents(' 12.5 '), cents('.5')]).toEqual([2_000, 1_250, 50]);
    for (const text of ['0x10', '0b101', '0o7', '1e3']) expect(cents(text), text).toEqual([`Captive Price: ${INVALID_DOLLAR_AMOUNT}`]);
    for (const text of ['abc', 'Infinity']) expect(cents(text), text).toEqual([FUND_MESSAGES.required('Captive Price')]);
  });

  it('accepts a complete fund', () => {
    expect(fundCreateBodySchema.safeParse(valid).success).toBe(true);
  });

  it('reports the rules between fields alongside the field errors', () => {
    const messages = messagesOf(
      fundFormSchema({ today: '2030-06-01', edit: false }).safeParse({ ...valid, Name: '', Captive: false, SpecifyAgents: true, EndDate: '2030-01-01' }),
    );
    expect(messages).toEqual(
      expect.arrayContaining(['Name is required.', FUND_MESSAGES.endAfterStart, FUND_MESSAGES.agentsRequired, FUND_MESSAGES.startBeforeToday]),
    );
    expect(messagesOf(fundCreateBodySchema.safeParse({ ...valid, Code: '', Captive: false }))).toEqual(['Code is required.', FUND_MESSAGES.channelRequired]);
  });

  it('refuses a body that is not an object without throwing', () => {
    for (const input of [null, 5, 'x', []]) {
      expect(() => fundCreateBodySchema.safeParse(input)).not.toThrow();
      expect(fundCreateBodySchema.safeParse(input).success).toBe(false);
    }
  });
});
