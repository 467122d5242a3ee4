// Step 0, Order Name (2§5): required, at most 50 characters (the campaign flow's field truncates to 50).
import { z } from 'zod';
import { ORDER_LIMITS } from './order.ts';

export const NAME_MESSAGES = {
  required: 'Order name is required.',
  /** The step's summary when Next is pressed with the name missing (fund flow). */
  missingFields: 'Missing required fields.',
  // The spec's field cannot hold more; a caller that sends more is told the limit.
  tooLong: `Order name cannot be longer than ${ORDER_LIMITS.nameMax} characters.`,
} as const;

export const orderNameSchema = z.string().trim().min(1, NAME_MESSAGES.required).max(ORDER_LIMITS.nameMax, NAME_MESSAGES.tooLong);

export const nameStepSchema = z.object({ Description: orderNameSchema });
export type NameStepValues = z.input<typeof nameStepSchema>;

/** The campaign flow truncates what is typed or pasted to 50 characters. */
export const truncateName = (text: string): string => text.slice(0, ORDER_LIMITS.nameMax);
