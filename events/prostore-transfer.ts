// The domain event published once per weekly Pro Store transfer, for the store to credit the agent (the
// projector publishes it from the committed debit: functions/core/views/prostore-events-view.ts): its
// EventBridge source and detail type, the detail's schema, and a sample as a consumer gets it.
import { z } from 'zod';

export const PRO_STORE_TRANSFER_SOURCE = 'leadportal.prostore';
export const PRO_STORE_TRANSFER_DETAIL_TYPE = 'ProStoreTransferCompleted';

const ISO_WEEK = /^\d{4}-W\d{2}$/;

export const proStoreTransferDetail = z
  .object({
    /**
     * The ledger idempotency key `prostore:{isoWeek}:{agentId}`: the same for every publication of
     * one transfer. EventBridge gives each delivery its own envelope id, so consumers de-duplicate
     * on this one.
     */
    eventId: z.string().regex(/^prostore:\d{4}-W\d{2}:.+$/),
    agentId: z.string().min(1),
    /** Dollars with two decimals, as the API speaks; amountCents is the exact value. */
    amount: z.number().positive(),
    amountCents: z.number().int().positive(),
    isoWeek: z.string().regex(ISO_WEEK),
    /** The ProStoreTransfer row in the agent's ledger. */
    ledgerEntryId: z.string().min(1),
    /** When the money left the lead balance (UTC). */
    occurredAt: z.iso.datetime(),
  })
  .refine((d) => Math.round(d.amount * 100) === d.amountCents, { message: 'amount and amountCents disagree', path: ['amount'] })
  .refine((d) => d.eventId === `prostore:${d.isoWeek}:${d.agentId}`, { message: 'eventId is not this transfer’s key', path: ['eventId'] });

export type ProStoreTransferDetail = z.infer<typeof proStoreTransferDetail>;

/** One event as an EventBridge rule delivers it to the store's consumer. */
export const proStoreTransferSample = {
  version: '0',
  id: '0d3c5a5e-7c1b-4d1e-9a55-2f9a1c6b8e41',
  'detail-type': PRO_STORE_TRANSFER_DETAIL_TYPE,
  source: PRO_STORE_TRANSFER_SOURCE,
  account: '000000000000',
  time: '2025-11-24T06:00:02Z',
  region: 'us-east-1',
  resources: [],
  detail: {
    eventId: 'prostore:2025-W48:A1001',
    agentId: 'A1001',
    amount: 50,
    amountCents: 5_000,
    isoWeek: '2025-W48',
    ledgerEntryId: 'b6f1d1f2-3f0e-4c55-8f4a-6f1a2f7c9d10',
    occurredAt: '2025-11-24T06:00:01.532Z',
  } satisfies ProStoreTransferDetail,
};
