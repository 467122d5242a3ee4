// POST /api/agent/{agentId}/agentTransfer/{receiverId}?amount= and POST
// /api/agent/{agentId}/pointAndClickTransfer?amount=: the spec's amount rules from shared/transfer.ts,
// then one ledger transaction; an Idempotency-Key header makes a retry return the first answer.
import { startAgentTransfer, transferToAgent, transferToPointAndClick, type EarlyTransfer, type TransferReceipt } from '#core/money/transfers.ts';
import { readCookie, SESSION_COOKIE } from '#core/identity/sessions.ts';
import { ValidationFailed } from '#platform/errors.ts';
import { created, route, zodMessages, type ApiEvent } from '#platform/http.ts';
import { centsToDollars } from '#shared/money.ts';
import { transferSchema, type TransferForm, type ValidTransfer } from '#shared/transfer.ts';

export const INVALID_IDEMPOTENCY_KEY =
  'Idempotency-Key must be 1 to 100 letters, digits, dots, dashes, underscores or colons.';
const IDEMPOTENCY_KEY = /^[A-Za-z0-9._:-]{1,100}$/;
const validKey = (value: string | undefined) => value === undefined || IDEMPOTENCY_KEY.test(value);

/** The client's Idempotency-Key header, if it sent one. */
function clientKey(event: ApiEvent): string | undefined {
  const value = event.headers?.['idempotency-key'];
  if (value === undefined) return undefined;
  if (!IDEMPOTENCY_KEY.test(value)) throw new ValidationFailed(INVALID_IDEMPOTENCY_KEY);
  return value;
}

/**
 * The shared transfer rules without the balance: the ledger refuses an overdraft itself, with the
 * same message, inside the transaction, where no concurrent transfer can slip past the check. Built
 * once per form (a zod object compiles its parser on its first parse: about half a millisecond).
 */
const TRANSFER_RULES = { agent: transferSchema({ receiverRequired: true }), pointAndClick: transferSchema({ receiverRequired: false }) };

function validTransfer(form: TransferForm, receiverRequired: boolean): ValidTransfer {
  const parsed = TRANSFER_RULES[receiverRequired ? 'agent' : 'pointAndClick'].safeParse(form);
  if (!parsed.success) throw new ValidationFailed(zodMessages(parsed.error));
  return parsed.data;
}

/** What a transfer answers with (201): the sender's new balance and the ledger entries written. */
function toReceiptDto(r: TransferReceipt) {
  return {
    AgentId: r.agentId,
    ...(r.receiverId ? { ReceiverId: r.receiverId } : {}),
    Amount: centsToDollars(r.amountCents),
    CurrentBalance: centsToDollars(r.balanceCents),
    TimeStamp: r.at,
    EntryIds: r.entryIds,
  };
}

export const createAgentTransfer = route('account.agentTransfer', {
  // The accounts, the idempotency record and the caller's session in one read: one round trip less.
  early: ({ params, event }) => {
    const key = event.headers?.['idempotency-key'];
    const sessionToken = readCookie(event.cookies, event.headers?.cookie, SESSION_COOKIE);
    return validKey(key)
      ? startAgentTransfer({ fromAgentId: params.agentId, toAgentId: params.receiverId, ...(key ? { clientKey: key } : {}), ...(sessionToken ? { sessionToken } : {}) })
      : undefined;
  },
  handle: async ({ params, query, event, early }) => {
    const transfer = validTransfer({ amount: query.amount, receiverId: params.receiverId }, true);
    const key = clientKey(event);
    return created(
      toReceiptDto(
        await transferToAgent({
          fromAgentId: params.agentId,
          toAgentId: params.receiverId,
          amountCents: transfer.amountCents,
          ...(key ? { clientKey: key } : {}),
          ...(early ? { early: early as EarlyTransfer } : {}),
        }),
      ),
    );
  },
});

export const createPointAndClickTransfer = route('account.pointAndClickTransfer', {
  handle: async ({ params, query, event }) => {
    const transfer = validTransfer({ amount: query.amount }, false);
    const key = clientKey(event);
    return created(
      toReceiptDto(
        await transferToPointAndClick({ agentId: params.agentId, amountCents: transfer.amountCents, ...(key ? { clientKey: key } : {}) }),
      ),
    );
  },
});
