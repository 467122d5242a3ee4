// Settings' Low Balance Alert and Auto-Recharge card (issue 12 Insights, beyond the spec): the alert
// threshold (the shell's banner and one e-mail each time a charge takes the balance below it), and the
// opt-in top-up of a saved card when the balance falls below a threshold. The rules are the server's
// own schema (shared/api/balance-alerts.ts), so the browser shows its messages.
import { Alert, Button, Card, Divider, Group, Loader, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useBalanceAlerts, type BalanceAlerts } from '@/api/get-balance-alerts.ts';
import { MoneyInput } from '@/components/money-input.tsx';
import { formatDollars } from '@/components/money.ts';
import { AUTO_RECHARGE_DAILY_CAP, balanceAlertsBody, type BalanceAlertsBodyIn } from '#shared/api/balance-alerts.ts';
import { CARD_AMOUNT_LABEL } from '#shared/card.ts';
import { useUpdateBalanceAlerts } from './api/update-balance-alerts.ts';
import { ErrorMessages } from './error-messages.tsx';
import { RechargeCardDialog } from './recharge-card-dialog.tsx';

export const BALANCE_ALERTS_SAVED = 'Balance alert settings saved';

export interface AlertValues {
  alertOn: boolean;
  alertCents: number | null;
  rechargeOn: boolean;
  thresholdCents: number | null;
  amountCents: number | null;
}

type Field = 'alertCents' | 'thresholdCents' | 'amountCents';

const centsOf = (dollars: number | null | undefined) => (dollars === null || dollars === undefined ? null : Math.round(dollars * 100));
const dollarsOf = (cents: number | null) => (cents === null ? '' : cents / 100);

export function valuesOf(s: BalanceAlerts): AlertValues {
  return {
    alertOn: s.LowBalanceAlert !== null,
    alertCents: centsOf(s.LowBalanceAlert),
    rechargeOn: s.AutoRecharge?.Enabled ?? false,
    thresholdCents: centsOf(s.AutoRecharge?.Threshold),
    amountCents: centsOf(s.AutoRecharge?.Amount) ?? 5_000,
  };
}

/**
 * The PUT body: an alert that is off is null; auto-recharge is kept (switched off) while a card is
 * saved or it was set before, since null forgets the card too.
 */
export function bodyOf(v: AlertValues, current: BalanceAlerts): BalanceAlertsBodyIn {
  const keepRecharge = v.rechargeOn || current.Card !== null || current.AutoRecharge !== null;
  return {
    LowBalanceAlert: v.alertOn ? dollarsOf(v.alertCents) : null,
    AutoRecharge: keepRecharge ? { Enabled: v.rechargeOn, Threshold: dollarsOf(v.thresholdCents), Amount: dollarsOf(v.amountCents) } : null,
  };
}

/** The schema's messages, by the field that shows them. */
export function fieldErrors(body: BalanceAlertsBodyIn): Partial<Record<Field, string>> {
  const parsed = balanceAlertsBody.safeParse(body);
  if (parsed.success) return {};
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of parsed.error.issues) {
    const [part, field] = issue.path;
    const name: Field = part === 'LowBalanceAlert' ? 'alertCents' : field === 'Amount' ? 'amountCents' : 'thresholdCents';
    errors[name] ??= issue.message;
  }
  return errors;
}

export function BalanceAlertsCard({ agentId }: { agentId: string }) {
  const { data, error } = useBalanceAlerts(agentId);
  return (
    <Card withBorder padding="lg" role="region" aria-label="Low Balance Alert and Auto-Recharge">
      <Title order={2} size="h4" mb="xs">
        Low Balance Alert and Auto-Recharge
      </Title>
      {data ? <BalanceAlertsForm key={JSON.stringify(valuesOf(data))} agentId={agentId} current={data} /> : error ? <ErrorMessages error={error} /> : <Loader size="sm" role="status" aria-label="Loading" />}
    </Card>
  );
}

function BalanceAlertsForm({ agentId, current }: { agentId: string; current: BalanceAlerts }) {
  const update = useUpdateBalanceAlerts();
  const [values, setValues] = useState<AlertValues>(() => valuesOf(current));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [cardDialog, setCardDialog] = useState(false);
  const set = <K extends keyof AlertValues>(key: K, value: AlertValues[K]) => {
    update.reset();
    setValues((v) => ({ ...v, [key]: value }));
  };
  const dirty = JSON.stringify(values) !== JSON.stringify(valuesOf(current));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const body = bodyOf(values, current);
    const problems = fieldErrors(body);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    update.mutate({ agentId, body }, { onSuccess: () => notifications.show({ message: BALANCE_ALERTS_SAVED, color: 'green' }) });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">
          Get a banner here and an e-mail when a charge takes your lead balance (now {formatDollars(current.Balance)}) below the amount you
          choose.
        </Text>
        <Switch label="Alert me when my balance is low" checked={values.alertOn} onChange={(e) => set('alertOn', e.currentTarget.checked)} />
        <MoneyInput
          label="Alert when the balance is below"
          disabled={!values.alertOn}
          value={values.alertCents}
          onChange={(cents) => set('alertCents', cents)}
          error={errors.alertCents}
          maw={240}
        />
        <Divider my="xs" />
        <Text size="sm">
          Auto-recharge charges your saved card the amount you choose when your balance falls below the threshold, at most{' '}
          {AUTO_RECHARGE_DAILY_CAP} times a day. If the card is declined, auto-recharge turns off and we e-mail you.
        </Text>
        {current.AutoRecharge?.DisabledReason === 'declined' && (
          <Alert color="red" variant="light">
            Your saved card was declined, so auto-recharge was turned off. Save a card to turn it on again.
          </Alert>
        )}
        <Group gap="sm" align="center">
          <Text size="sm" fw={500}>
            {current.Card ? `Saved card: ending in ${current.Card.Last4 ?? '····'}` : 'No card saved'}
          </Text>
          <Button variant="light" size="xs" onClick={() => setCardDialog(true)}>
            {current.Card ? 'Replace card' : 'Save a card'}
          </Button>
        </Group>
        <Switch
          label="Enable auto-recharge"
          checked={values.rechargeOn}
          disabled={!current.Card && !values.rechargeOn}
          onChange={(e) => set('rechargeOn', e.currentTarget.checked)}
        />
        <Group gap="md" align="flex-start">
          <MoneyInput
            label="Recharge when the balance is below"
            disabled={!values.rechargeOn}
            value={values.thresholdCents}
            onChange={(cents) => set('thresholdCents', cents)}
            error={errors.thresholdCents}
            maw={240}
          />
          <MoneyInput
            label="Recharge amount"
            description={CARD_AMOUNT_LABEL}
            disabled={!values.rechargeOn}
            value={values.amountCents}
            onChange={(cents) => set('amountCents', cents)}
            error={errors.amountCents}
            maw={240}
          />
        </Group>
        <ErrorMessages error={update.error} />
        <Group>
          <Button type="submit" disabled={!dirty} loading={update.isPending}>
            Save Balance Alerts
          </Button>
        </Group>
      </Stack>
      <RechargeCardDialog agentId={agentId} opened={cardDialog} onClose={() => setCardDialog(false)} />
    </form>
  );
}
