// Saving the card auto-recharge charges (issue 12 Insights): a top-up of the agent's chosen amount on the
// provider's own hosted form, with "save the card" asked of the provider; the portal never sees the
// card, only the provider's transaction id (and, on the server, the token the provider reports for it).
// The provider's return page inside the frame posts its result here, read by the same payment frame as
// Add Lead Money's.
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { ReadReturn } from '@/components/card-return-message.ts';
import { MoneyInput } from '@/components/money-input.tsx';
import { PaymentFrame } from '@/components/payment-frame.tsx';
import { CARD_AMOUNT_LABEL, cardAmountProblem, cardReturnDialog } from '#shared/card.ts';
import { useOpenRechargeCardForm, useSaveRechargeCard } from './api/save-recharge-card.ts';
import { ErrorMessages } from './error-messages.tsx';

export function RechargeCardDialog({ agentId, opened, onClose }: { agentId: string; opened: boolean; onClose: () => void }) {
  const [amountCents, setAmountCents] = useState<number | null>(5_000);
  const [amountError, setAmountError] = useState<string | null>(null);
  const [formUrl, setFormUrl] = useState<string | null>(null);
  const [problem, setProblem] = useState<{ title: string; text: string; items: string[] } | null>(null);
  const open = useOpenRechargeCardForm();
  const save = useSaveRechargeCard();

  const close = () => {
    setFormUrl(null);
    setProblem(null);
    open.reset();
    save.reset();
    onClose();
  };

  const start = () => {
    const issue = amountCents === null ? 'Invalid dollar amount' : cardAmountProblem(amountCents);
    setAmountError(issue ?? null);
    if (issue || amountCents === null) return;
    setProblem(null);
    open.mutate({ agentId, amount: amountCents / 100 }, { onSuccess: (form) => setFormUrl(form.Url) });
  };

  const onReturn = (read: Exclude<ReadReturn, { kind: 'other' }>) => {
    setFormUrl(null);
    if (read.kind === 'unreadable') {
      setProblem({ title: 'The card payment could not be read.', text: '', items: [] });
      return;
    }
    const { result } = read;
    if (result.status !== 'approved') {
      const dialog = cardReturnDialog(result);
      setProblem({ title: dialog.title, text: dialog.text === dialog.title ? '' : dialog.text, items: dialog.items });
      return;
    }
    save.mutate({ agentId, transactionId: result.transid }, { onSuccess: close });
  };

  return (
    <Modal opened={opened} onClose={close} title="Save a card for auto-recharge" size="lg">
      {formUrl ? (
        <PaymentFrame url={formUrl} onReturn={onReturn} />
      ) : (
        <Stack gap="sm">
          <Text size="sm">
            Your card is charged this amount now, and it is added to your lead balance. The card provider keeps the card for
            auto-recharge; this portal never stores card numbers.
          </Text>
          <MoneyInput label="Amount to add now" description={CARD_AMOUNT_LABEL} value={amountCents} onChange={setAmountCents} error={amountError} maw={240} />
          {problem && (
            <Alert color="red" variant="light" role="alert" title={problem.title}>
              {problem.text && <div>{problem.text}</div>}
              {problem.items.map((item) => (
                <div key={item}>{item}</div>
              ))}
            </Alert>
          )}
          <ErrorMessages error={open.error ?? save.error} />
          <Group>
            <Button onClick={start} loading={open.isPending || save.isPending}>
              Continue to card payment
            </Button>
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
