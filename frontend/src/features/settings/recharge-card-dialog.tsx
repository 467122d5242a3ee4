// Saving the card auto-recharge charges (issue 12 Insights): a top-up of the agent's chosen amount on the
// provider's own hosted form, with "save the card" asked of the provider; the portal never sees the
// card, only the provider's transaction id (and, on the server, the token the provider reports for it).
// The provider's return page inside the frame posts its result here, as it does for Add Lead Money.
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { MoneyInput } from '@/components/money-input.tsx';
import { CARD_AMOUNT_LABEL, cardAmountProblem, cardReturnDialog, cardReturnSchema, type CardReturn } from '#shared/card.ts';
import { useOpenRechargeCardForm, useSaveRechargeCard } from './api/save-recharge-card.ts';
import { ErrorMessages } from './error-messages.tsx';

/** The message type the card return page posts to its parent (the same page serves Add Lead Money). */
const CARD_RETURN_MESSAGE = 'leadportal:card-return';

function readReturn(data: unknown): CardReturn | 'unreadable' | undefined {
  if (typeof data !== 'object' || data === null || (data as { type?: unknown }).type !== CARD_RETURN_MESSAGE) return undefined;
  const parsed = cardReturnSchema.safeParse((data as { params?: unknown }).params);
  return parsed.success ? parsed.data : 'unreadable';
}

function CardFrame({ url, onReturn }: { url: string; onReturn: (result: CardReturn | 'unreadable') => void }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const answered = useRef(false);
  const onReturnRef = useRef(onReturn);
  useEffect(() => {
    onReturnRef.current = onReturn;
  });
  useEffect(() => {
    answered.current = false;
    const listen = (event: MessageEvent) => {
      // Only our own return page, inside this very frame, speaks for the provider.
      if (event.origin !== window.location.origin || event.source !== frame.current?.contentWindow) return;
      const read = readReturn(event.data);
      if (read === undefined || answered.current) return;
      answered.current = true;
      onReturnRef.current(read);
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, [url]);
  return (
    <iframe
      ref={frame}
      src={url}
      title="Card payment"
      style={{ width: '100%', height: 480, border: '1px solid var(--mantine-color-gray-3)', borderRadius: 'var(--mantine-radius-sm)' }}
    />
  );
}

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

  const onReturn = (result: CardReturn | 'unreadable') => {
    setFormUrl(null);
    if (result === 'unreadable') {
      setProblem({ title: 'The card payment could not be read.', text: '', items: [] });
      return;
    }
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
        <CardFrame url={formUrl} onReturn={onReturn} />
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
