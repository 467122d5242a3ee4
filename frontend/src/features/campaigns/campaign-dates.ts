// The campaign form's dates (spec part 3 §5): days typed or picked as M/D/YYYY and kept as
// YYYY-MM-DD; the end moves up with the start, and a new campaign cannot start in the past.

export const DAY_FORMAT = 'M/D/YYYY';

export { parsePickerDay as parseDay } from '@/components/date-time.ts';

/** The end after the start changed: an end before the new start moves up to it. */
export const endAfterStartChange = (start: string, end: string) => (start && end && end < start ? start : end);
