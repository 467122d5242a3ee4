// Step 0, Order Name (spec part 2 §5): required, at most 50 characters. The field stops at 50 in both
// flows (the campaign flow's truncation), so a longer name is never typed only to be refused at Next.
import { Stack, Text, TextInput } from '@mantine/core';
import { ORDER_LIMITS } from '#shared/orders/order.ts';
import { truncateName } from '#shared/orders/step-name.ts';
import type { StepProps } from './step-props.ts';

export function NameStep({ form }: StepProps) {
  const input = form.getInputProps('Description');
  return (
    <Stack gap="xs">
      <TextInput
        label="Order Name"
        required
        {...input}
        onChange={(event) => {
          const text = event.currentTarget.value;
          form.setFieldValue('Description', truncateName(text));
        }}
        maxLength={ORDER_LIMITS.nameMax}
        description={`At most ${ORDER_LIMITS.nameMax} characters.`}
        autoComplete="off"
        data-autofocus
      />
      <Text size="sm" c="dimmed">
        {form.values.Description.length}/{ORDER_LIMITS.nameMax}
      </Text>
    </Stack>
  );
}
