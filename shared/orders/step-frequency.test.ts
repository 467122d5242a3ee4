import { describe, expect, it } from 'vitest';
import { capSchema, frequencyMessages, FREQUENCY_MESSAGES, gaugePercent } from './step-frequency.ts';

const caps = (h: number, d: number, w: number, m: number) => ({ MaxPerHour: h, MaxPerDay: d, MaxPerWeek: w, MaxPerMonth: m });

describe('lead frequency (2§5)', () => {
  it("needs one cap above zero: fund 'At least one frequency is required.', campaign 'At least one frequency amount must be entered.'", () => {
    expect(frequencyMessages(caps(0, 0, 0, 0), 'fund')).toEqual(['At least one frequency is required.']);
    expect(frequencyMessages(caps(0, 0, 0, 0), 'campaign')).toEqual(['At least one frequency amount must be entered.']);
  });

  it('fund flow: a later period below an earlier non-zero one names the period and its value', () => {
    expect(frequencyMessages(caps(5, 4, 0, 0), 'fund')).toEqual(['The daily limit (4) cannot be less than previous frequencies.']);
    expect(frequencyMessages(caps(0, 10, 9, 8), 'fund')).toEqual([
      'The weekly limit (9) cannot be less than previous frequencies.',
      'The monthly limit (8) cannot be less than previous frequencies.',
    ]);
  });

  it('campaign flow: one message per earlier period that is larger', () => {
    expect(frequencyMessages(caps(5, 4, 0, 0), 'campaign')).toEqual(['The daily limit (4) cannot be less than the hourly limit (5)']);
    expect(frequencyMessages(caps(6, 10, 3, 0), 'campaign')).toEqual([
      'The weekly limit (3) cannot be less than the hourly limit (6)',
      'The weekly limit (3) cannot be less than the daily limit (10)',
    ]);
    expect(frequencyMessages(caps(2, 0, 0, 1), 'campaign')).toEqual(['The monthly limit (1) cannot be less than the hourly limit (2)']);
  });

  it('treats zero as no cap: a zero later period is fine', () => {
    expect(frequencyMessages(caps(5, 0, 0, 0), 'fund')).toEqual([]);
    expect(frequencyMessages(caps(1, 1, 1, 1), 'fund')).toEqual([]);
  });

  it('normalises a cap above 1000 to 1000 and refuses fractions and negatives', () => {
    expect(capSchema.parse(4000)).toBe(1000);
    expect(capSchema.safeParse(1.5).success).toBe(false);
    expect(capSchema.safeParse(-1).success).toBe(false);
    expect(FREQUENCY_MESSAGES.summary).toBe('Frequencies are invalid.');
  });

  it('shows a gauge as the rounded used/max percentage, only for caps above zero', () => {
    expect(gaugePercent(1, 3)).toBe(33);
    expect(gaugePercent(5, 0)).toBeUndefined();
  });
});
