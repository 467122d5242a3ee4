// How the provider's answer travels from the return page inside the payment frame to the page around
// it (Add Lead Money, the auto-recharge card dialog): the return page posts its query parameters to
// its parent on the same origin, and the parent reads them with the shared return schema.
import { cardReturnSchema, type CardReturn } from '#shared/card.ts';

export const CARD_RETURN_MESSAGE = 'leadportal:card-return';

export interface CardReturnMessage {
  type: typeof CARD_RETURN_MESSAGE;
  /** The return URL's query parameters as the provider wrote them. */
  params: Record<string, string>;
}

export function cardReturnMessage(search: string): CardReturnMessage {
  return { type: CARD_RETURN_MESSAGE, params: Object.fromEntries(new URLSearchParams(search)) };
}

export type ReadReturn =
  /** Not our message at all (another frame, a browser extension): ignore it. */
  | { kind: 'other' }
  /** Our message, but the provider's parameters make no sense: the payment's fate is unknown. */
  | { kind: 'unreadable'; raw: string }
  | { kind: 'result'; result: CardReturn };

export function readCardReturnMessage(data: unknown): ReadReturn {
  if (typeof data !== 'object' || data === null || (data as { type?: unknown }).type !== CARD_RETURN_MESSAGE) return { kind: 'other' };
  const params = (data as { params?: unknown }).params;
  const parsed = cardReturnSchema.safeParse(params);
  if (parsed.success) return { kind: 'result', result: parsed.data };
  return { kind: 'unreadable', raw: typeof params === 'object' && params !== null ? new URLSearchParams(params as Record<string, string>).toString() : '' };
}
