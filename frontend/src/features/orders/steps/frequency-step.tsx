// Lead Frequency (spec part 2 §5, §9), shared by both flows: caps per hour, day, week and month; digits
// only (at most 4), blank or 0 is no cap, above 1000 is saved as 1000.
import { SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { ORDER_LIMITS } from '#shared/orders/order.ts';
import { CAP_FIELDS, PERIODS } from '#shared/orders/step-frequency.ts';
import type { StepProps } from './step-props.ts';

const LABELS = { hourly: 'Hourly', daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly' } as const;

/** What a cap field keeps of the text typed: digits only, at most 4. */
export const capInput = (text: string) => text.replace(/\D/g, '').slice(0, ORDER_LIMITS.capDigitsCampaign);

export function FrequencyStep({ form }: StepProps) {
  return (
    <Stack gap="sm">
      <Text size="sm">
        The most leads this order may receive in each period. Leave a field blank (or 0) for no limit; at least one is required. Limits above{' '}
        {ORDER_LIMITS.capMax} are saved as {ORDER_LIMITS.capMax}.
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        {PERIODS.map((period) => {
          const field = CAP_FIELDS[period];
          return (
            <TextInput
              key={field}
              label={`${LABELS[period]} limit`}
              inputMode="numeric"
              autoComplete="off"
              {...form.getInputProps(field)}
              onChange={(e) => {
                form.setFieldValue(field, capInput(e.currentTarget.value));
                for (const f of Object.values(CAP_FIELDS)) form.clearFieldError(f);
              }}
            />
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
