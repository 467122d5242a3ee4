// Settings rules shared by the browser and the server (spec part 1 §5): Pro Store amount and the
// status toggles' payloads.
import { z } from 'zod';

/** Pro Store amount: whole dollars. */
export const proStoreSchema = z.object({
  Enabled: z.boolean({ error: 'Enabled must be true or false.' }),
  Amount: z
    .number({ error: 'Pro Store amount must be a whole number.' })
    .int('Pro Store amount must be a whole number.')
    .min(0, 'Pro Store amount cannot be negative.')
    .max(100_000, 'Pro Store amount cannot be greater than $100,000.'),
});

/** PATCH account/leadintakestatusui and account/thirdpartystatus (spec part 1 §7). */
export const statusToggleSchema = (statusType: 'LiveTransfer' | 'ThirdParty') =>
  z.object({
    AgentId: z.string({ error: 'AgentId is required.' }).min(1, 'AgentId is required.'),
    StatusType: z.literal(statusType, { error: `StatusType must be ${statusType}.` }),
    Status: z.boolean({ error: 'Status must be true or false.' }),
  });

/**
 * Live transfer as it displays (part 1 §4): Paused whenever the account order status is Paused,
 * whatever its own stored status. A display rule only: a form must not send it back as the stored
 * value (GET agent/{id} answers the stored one; issue 19).
 */
export const displayedLiveTransferStatus = (orderStatus: 0 | 1, liveTransferStatus: 0 | 1): 0 | 1 => (orderStatus === 0 ? 0 : liveTransferStatus);
