// Settings' Pro Store funds card for captive agents (spec part 1 §2.6, §5, §8): the enable switch, a
// whole-dollar amount that can be edited only while the switch is on, and an update button that
// waits for a change. The rules are the server's own schema, so the browser shows its messages.
import { Button, Card, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { Account } from '@/api/get-me.ts';
import { MoneyInput } from '@/components/money-input.tsx';
import { proStoreSchema } from '#shared/settings.ts';
import { useUpdateProStore } from './api/update-pro-store.ts';
import { ErrorMessages } from './error-messages.tsx';

const PRO_STORE_UPDATED = 'Pro Store amount updated';

interface ProStoreValues {
  Enabled: boolean;
  /** Dollars, as the schema and the API take them; '' while the field is empty. */
  Amount: number | '';
}

export function ProStoreCard({ account }: { account: Account }) {
  const update = useUpdateProStore();
  const form = useForm<ProStoreValues>({
    // Controlled, because the amount field's lock reads the switch's value while rendering.
    mode: 'controlled',
    initialValues: { Enabled: account.HMProStoreTransferEnabled, Amount: account.HMProStoreAmount },
    validate: schemaResolver(proStoreSchema, { sync: true }),
    // The whole-dollar rule shows while typing, so '12.50' is visibly refused rather than submitted.
    validateInputOnChange: ['Amount'],
  });

  const submit = form.onSubmit((values) => {
    const setting = proStoreSchema.parse(values);
    update.mutate(
      { agentId: account.AgentId, setting },
      {
        onSuccess: () => {
          // What was saved is the new starting point: the button waits for the next change.
          form.setInitialValues(values);
          form.resetDirty(values);
          notifications.show({ message: PRO_STORE_UPDATED, color: 'green' });
        },
      },
    );
  });

  return (
    <Card withBorder padding="lg" role="region" aria-label="Pro Store Funds">
      <Title order={2} size="h4" mb="xs">
        Pro Store Funds
      </Title>
      <Text size="sm" mb="md">
        The Pro Store amount is transferred from your lead balance to your Pro Store account every week, if funds are available. Money
        transferred to the Pro Store cannot be transferred back.
      </Text>
      <form onSubmit={submit}>
        <Stack gap="sm" maw={360}>
          <Switch
            label="Enable Pro Store"
            {...form.getInputProps('Enabled', { type: 'checkbox' })}
            onChange={(event) => {
              update.reset();
              form.setFieldValue('Enabled', event.currentTarget.checked);
            }}
          />
          {/*
            The kit's whole-dollar field keeps a typed or pasted point and its cents (12.50 stays 12.50),
            and the schema refuses it with 'must be a whole number': a field that dropped the point
            turned '12.50' into $1,250 of weekly one-way transfers.
          */}
          <MoneyInput
            label="Pro Store Amount"
            mode="wholeDollars"
            disabled={!form.values.Enabled}
            value={form.values.Amount === '' ? null : Math.round(form.values.Amount * 100)}
            onChange={(cents) => form.setFieldValue('Amount', cents === null ? '' : cents / 100)}
            error={form.errors.Amount}
          />
          <ErrorMessages error={update.error} />
          <Group>
            <Button type="submit" disabled={!form.isDirty()} loading={update.isPending}>
              Update Pro Store Amount
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
