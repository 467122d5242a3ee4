// Add Lead Money (/addFundsCC, spec part 1 §2.7, §4, §8): the amount form, the pre-check, the card
// provider's hosted form in a frame with the amount locked, then the provider's result: a credited
// payment updates the balance; every failure shows its dialog and is logged through creditfail.
import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { z } from 'zod';
import { useMe } from '@/api/get-me.ts';
import { CARD_AMOUNT_LABEL, cardAmountSchema, type CardDialog as CardDialogContent } from '#shared/card.ts';
import { formatUsd } from '#shared/money.ts';
import { useCreditCardPayment } from './api/credit-card-payment.ts';
import { useLogCardFailure } from './api/log-card-failure.ts';
import { usePrecheckCardPayment, type HostedForm } from './api/precheck-card-payment.ts';
import { CardDialog } from './card-dialog.tsx';
import { fundingOutcome, returnFailure, SYSTEM_UNAVAILABLE, unreadableReturn, type CardFailure } from './card-outcome.ts';
import type { ReadReturn } from '@/components/card-return-message.ts';
import { PaymentFrame } from '@/components/payment-frame.tsx';

const amountFormSchema = z.object({ amount: cardAmountSchema });

type Step = { kind: 'amount' } | { kind: 'paying'; form: HostedForm } | { kind: 'crediting' };

export function AddFundsPage() {
  const { AgentId } = useMe();
  return (
    <Stack gap="md" maw={640}>
      <Title order={1} size="h2">
        Add Lead Money
      </Title>
      {AgentId ? (
        <AddFunds agentId={AgentId} />
      ) : (
        <Text c="dimmed">No agent account is linked to this user.</Text>
      )}
    </Stack>
  );
}

function AddFunds({ agentId }: { agentId: string }) {
  const form = useForm({ initialValues: { amount: '' }, validate: schemaResolver(amountFormSchema, { sync: true }) });
  const [step, setStep] = useState<Step>({ kind: 'amount' });
  const [dialog, setDialog] = useState<CardDialogContent | null>(null);
  const [funded, setFunded] = useState<{ amountCents: number; balanceAfterCents: number } | null>(null);
  const precheck = usePrecheckCardPayment();
  const credit = useCreditCardPayment();
  const logFailure = useLogCardFailure();

  const fail = (failure: CardFailure) => {
    setDialog(failure.dialog);
    logFailure.mutate({ agentId, ...failure.report });
    // The form's payment is spent; Next asks the provider for a new one with the amount kept.
    setStep({ kind: 'amount' });
  };

  const next = form.onSubmit((values) => {
    const cents = amountFormSchema.parse(values).amount;
    setFunded(null);
    precheck.mutate(
      { agentId, amount: (cents / 100).toFixed(2) },
      {
        onSuccess: (hostedForm) => setStep({ kind: 'paying', form: hostedForm }),
        onError: () => setDialog(SYSTEM_UNAVAILABLE),
      },
    );
  });

  const reset = () => {
    form.reset();
    setFunded(null);
    setStep({ kind: 'amount' });
  };

  const onReturn = (read: Exclude<ReadReturn, { kind: 'other' }>) => {
    if (read.kind === 'unreadable') return fail(unreadableReturn(read.raw));
    const { result } = read;
    if (result.status !== 'approved') return fail(returnFailure(result));
    setStep({ kind: 'crediting' });
    const payment = { transactionId: result.transid, chargedAmount: result.amount };
    credit.mutate(
      { agentId, transactionId: result.transid, amount: result.amount },
      {
        onSuccess: (credited) => settle(fundingOutcome({ ...payment, credited })),
        onError: (error) => settle(fundingOutcome({ ...payment, reason: error.message })),
      },
    );
  };

  const settle = (outcome: ReturnType<typeof fundingOutcome>) => {
    if (outcome.kind === 'notFunded') return fail(outcome);
    setFunded({ amountCents: outcome.amountCents, balanceAfterCents: outcome.balanceAfterCents });
    form.reset();
    setStep({ kind: 'amount' });
  };

  const locked = step.kind !== 'amount';
  return (
    <>
      <Card withBorder padding="lg">
        <form onSubmit={next} noValidate>
          <Stack gap="md">
            <TextInput label={CARD_AMOUNT_LABEL} leftSection="$" inputMode="decimal" disabled={locked} {...form.getInputProps('amount')} />
            <Group>
              <Button type="submit" disabled={locked} loading={precheck.isPending}>
                Next
              </Button>
              <Button variant="default" onClick={reset} disabled={step.kind === 'crediting'}>
                Reset
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      {funded && (
        <Alert color="green" variant="light" role="status" title="Lead money added">
          {formatUsd(funded.amountCents)} was added to your account. Your balance is now {formatUsd(funded.balanceAfterCents)}.
        </Alert>
      )}
      {step.kind === 'paying' && <PaymentFrame key={step.form.orderId} url={step.form.url} onReturn={onReturn} />}
      {step.kind === 'crediting' && <Text>Adding the payment to your account…</Text>}
      {dialog && <CardDialog dialog={dialog} onClose={() => setDialog(null)} />}
    </>
  );
}
