// Step 5, Order Schedule (2§5, §9): half-hour slots 0 to 48 with days; at least one slot with at
// least one day and its end after its start.
import { z } from 'zod';
import { campaignTimeSlotSchema, DAYS, ORDER_LIMITS, SLOT_MAX, timeSlotSchema, toDays, type DayName } from './order.ts';

export const SCHEDULE_MESSAGES = {
  fundSlotRequired: 'At least one time slot is required.',
  /** A slot with no day chosen (fund flow). */
  fundTimeRequired: 'At least one time is required.',
  fundInvalidTimes: 'Invalid start time or end time.',
  campaignScheduleRequired: 'There must be at least one schedule.',
  campaignEndAfterStart: 'End time must come after start time.',
  campaignEndRequired: 'End time is required.',
  campaignStartRequired: 'Start time is required',
  campaignDayRequired: 'At least one day must be selected.',
} as const;

interface SlotLike {
  StartSlot: number | null;
  EndSlot: number | null;
  Days: readonly DayName[];
}

/** The schedule's messages (empty when valid). */
export function scheduleMessages(slots: readonly SlotLike[], flow: 'fund' | 'campaign'): string[] {
  const m = SCHEDULE_MESSAGES;
  if (slots.length === 0) return [flow === 'fund' ? m.fundSlotRequired : m.campaignScheduleRequired];
  const messages = new Set<string>();
  for (const slot of slots) {
    if (flow === 'fund') {
      if (slot.StartSlot === null || slot.EndSlot === null || slot.EndSlot <= slot.StartSlot) messages.add(m.fundInvalidTimes);
      if (slot.Days.length === 0) messages.add(m.fundTimeRequired);
    } else {
      if (slot.StartSlot === null) messages.add(m.campaignStartRequired);
      if (slot.EndSlot === null) messages.add(m.campaignEndRequired);
      if (slot.StartSlot !== null && slot.EndSlot !== null && slot.EndSlot <= slot.StartSlot) messages.add(m.campaignEndAfterStart);
      if (slot.Days.length === 0) messages.add(m.campaignDayRequired);
    }
  }
  return [...messages];
}

export const fundScheduleStepSchema = z
  .object({ OrderTimeSlots: z.array(timeSlotSchema).max(ORDER_LIMITS.slotsMax) })
  .superRefine((v, ctx) => {
    for (const message of scheduleMessages(v.OrderTimeSlots, 'fund')) ctx.addIssue({ code: 'custom', message, path: ['OrderTimeSlots'] });
  });
export type FundScheduleStepValues = z.input<typeof fundScheduleStepSchema>;

export const campaignScheduleStepSchema = z
  .object({ OrderTimeSlots: z.array(campaignTimeSlotSchema).max(ORDER_LIMITS.slotsMax) })
  .superRefine((v, ctx) => {
    const slots = v.OrderTimeSlots.map((s) => ({ StartSlot: s.StartSlot, EndSlot: s.EndSlot, Days: toDays(s) }));
    for (const message of scheduleMessages(slots, 'campaign')) ctx.addIssue({ code: 'custom', message, path: ['OrderTimeSlots'] });
  });
export type CampaignScheduleStepValues = z.input<typeof campaignScheduleStepSchema>;

/** Where a slot ends, in seconds from midnight (2§9): slot 48, the end of the day, one second before midnight. */
export const slotEndSecond = (endSlot: number): number => (endSlot === SLOT_MAX ? 24 * 3600 - 1 : endSlot * 30 * 60);

/**
 * The preview calendar's blocks (2§2 dialogs, §9): per day, the [start, end) times in minutes when
 * leads are received. Rounded down to the starting hour; a slot ending at 48 ends one second before
 * midnight (23:59:59), as the calendar shows it.
 */
export function scheduleBlocks(slots: readonly SlotLike[]): { day: DayName; startMinute: number; endSecond: number }[] {
  const blocks: { day: DayName; startMinute: number; endSecond: number }[] = [];
  for (const slot of slots) {
    if (slot.StartSlot === null || slot.EndSlot === null || slot.EndSlot <= slot.StartSlot) continue;
    const startMinute = Math.floor((slot.StartSlot * 30) / 60) * 60;
    const endSecond = slotEndSecond(slot.EndSlot);
    for (const day of DAYS) if (slot.Days.includes(day)) blocks.push({ day, startMinute, endSecond });
  }
  return blocks;
}
