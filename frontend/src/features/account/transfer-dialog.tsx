// The transfer dialog (spec part 1 §4, §5): the amount and, for a transfer to another agent, the
// receiving agent, checked by the same schema the server runs; then the confirm question; a 201 shows
// 'Funds transferred successfully' here and the header balance follows, anything else the spec's
// failure text. One Idempotency-Key per confirmed transfer: trying the same confirmation again reuses it.
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { useMe } from '@/api/get-me.ts';
import {
  AMOUNT_INPUT_MAX_LENGTH,
  isAllowedAmountInput,
  TRANSFER_FAILED,
  TRANSFER_SUCCEEDED,
  transferSchema,
  type TransferForm,
} from '#shared/transfer.ts';
import { useCreateTransfer } from './api/create-transfer.ts';
import type { Recipient } from './api/search-accounts.ts';
import { recipientName, ReceiverSelect } from './receiver-select.tsx';
import { amountQueryOf, balanceCentsOf, confirmQuestion } from './transfer-amount.ts';

export type TransferKind = 'agent' | 'pointAndClick';

/** The point-and-click programme, named where an agent's name stands for an agent transfer. */
const POINT_AND_CLICK = 'Point and Click';

const TITLES: Record<TransferKind, string> = {
  agent: 'Transfer Lead Money To Another Agent',
  pointAndClick: 'Transfer Lead Money To Point and Click',
};

interface Confirmation {
  amountCents: number;
  receiver: Recipient | null;
  /** Made when the user reaches the question, kept for every retry of this confirmation. */
  idempotencyKey: string;
}

export function TransferDialog({ agentId, kind, onClose }: { agentId: string; kind: TransferKind; onClose: () => void }) {
  const { Account } = useMe();
  const receiverRequired = kind === 'agent';
  const schema = transferSchema({ receiverRequired, balanceCents: balanceCentsOf(Account?.CurrentBalance ?? 0) });
  const form = useForm<Required<TransferForm>>({
    initialValues: { amount: '', receiverId: '' },
    validate: schemaResolver(schema, { sync: true }),
  });
  const [receiver, setReceiver] = useState<Recipient | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const transfer = useCreateTransfer();

  const review = form.onSubmit((values) => {
    const valid = schema.parse(values);
    setConfirmation({ amountCents: valid.amountCents, receiver, idempotencyKey: crypto.randomUUID() });
  });

  const send = (c: Confirmation) =>
    transfer.mutate({
      agentId,
      ...(c.receiver ? { receiverId: c.receiver.AgentId } : {}),
      amount: amountQueryOf(c.amountCents),
      idempotencyKey: c.idempotencyKey,
    });

  const back = () => {
    transfer.reset();
    setConfirmation(null);
  };

  return (
    <Modal opened onClose={onClose} title={TITLES[kind]} centered closeOnClickOutside={!transfer.isPending}>
      {transfer.isSuccess ? (
        <Stack gap="md">
          <Alert color="green" variant="light" role="status">
            {TRANSFER_SUCCEEDED}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={onClose}>Close</Button>
          </Group>
        </Stack>
      ) : confirmation ? (
        <Stack gap="md">
          <Text>{confirmQuestion(confirmation.amountCents, confirmation.receiver ? recipientName(confirmation.receiver) : POINT_AND_CLICK)}</Text>
          {transfer.isError && (
            <Alert color="red" variant="light" role="alert">
              {TRANSFER_FAILED}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={back} disabled={transfer.isPending}>
              Back
            </Button>
            <Button onClick={() => send(confirmation)} loading={transfer.isPending}>
              {transfer.isError ? 'Try Again' : 'Confirm'}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={review} noValidate>
          <Stack gap="md">
            <TextInput
              label="Amount"
              leftSection="$"
              inputMode="decimal"
              maxLength={AMOUNT_INPUT_MAX_LENGTH}
              {...form.getInputProps('amount')}
              // The spec's keystroke filter: a keystroke that would break it is dropped.
              onChange={(event) => {
                const text = event.currentTarget.value;
                if (isAllowedAmountInput(text)) form.setFieldValue('amount', text);
              }}
            />
            {receiverRequired && (
              <ReceiverSelect
                value={receiver}
                onChange={(r) => {
                  setReceiver(r);
                  form.setFieldValue('receiverId', r?.AgentId ?? '');
                }}
                error={form.errors.receiverId}
              />
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit">Send</Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
