import { describe, expect, it } from 'vitest';
import { scheduleBlocks, scheduleMessages } from './step-schedule.ts';

describe('order schedule (2§5, §9)', () => {
  it("fund flow: 'At least one time slot is required.', 'At least one time is required.', 'Invalid start time or end time.'", () => {
    expect(scheduleMessages([], 'fund')).toEqual(['At least one time slot is required.']);
    expect(scheduleMessages([{ StartSlot: 0, EndSlot: 48, Days: [] }], 'fund')).toEqual(['At least one time is required.']);
    expect(scheduleMessages([{ StartSlot: 20, EndSlot: 20, Days: ['Monday'] }], 'fund')).toEqual(['Invalid start time or end time.']);
    expect(scheduleMessages([{ StartSlot: null, EndSlot: 20, Days: ['Monday'] }], 'fund')).toEqual(['Invalid start time or end time.']);
  });

  it("campaign flow: 'There must be at least one schedule.' and each slot's own texts", () => {
    expect(scheduleMessages([], 'campaign')).toEqual(['There must be at least one schedule.']);
    expect(scheduleMessages([{ StartSlot: null, EndSlot: null, Days: [] }], 'campaign')).toEqual(['Start time is required', 'End time is required.', 'At least one day must be selected.']);
    expect(scheduleMessages([{ StartSlot: 30, EndSlot: 10, Days: ['Friday'] }], 'campaign')).toEqual(['End time must come after start time.']);
  });

  it('accepts a valid slot', () => {
    expect(scheduleMessages([{ StartSlot: 0, EndSlot: 48, Days: ['Sunday'] }], 'fund')).toEqual([]);
  });

  it('rounds a block down to its starting hour and shows a slot ending at 48 one second before midnight', () => {
    expect(scheduleBlocks([{ StartSlot: 3, EndSlot: 48, Days: ['Monday'] }])).toEqual([{ day: 'Monday', startMinute: 60, endSecond: 86_399 }]);
  });
});
