// Step 0, Order Name (spec part 2 §5): required, at most 50 characters; the campaign flow truncates
// what is typed or pasted to 50.
import { Stack, Text, TextInput } from '@mantine/core';
import { ORDER_LIMITS } from '#shared/orders/order.ts';
import { truncateName } from '#shared/orders/step-name.ts';
import type { StepProps } from './step-props.ts';

export function NameStep({ form, flow }: StepProps) {
  const input = form.getInputProps('Description');
  return (
    <Stack gap="xs">
      <TextInput
        label="Order Name"
        required
        {...input}
        onChange={(event) => {
          const text = event.currentTarget.value;
          form.setFieldValue('Description', flow === 'campaign' ? truncateName(text) : text);
        }}
        maxLength={flow === 'campaign' ? ORDER_LIMITS.nameMax : undefined}
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
