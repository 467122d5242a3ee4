// Retry Policy (spec part 3 §5, §9): attempts 2 digits, minutes 4 digits, both required, default 0.
import { SimpleGrid } from '@mantine/core';
import { DigitsInput } from '../digits-input.tsx';
import type { CampaignForm } from './form-types.ts';
import { Section } from './section.tsx';

export function RetrySection({ form }: { form: CampaignForm }) {
  return (
    <Section title="Retry Policy">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <DigitsInput label="Retry Attempts" withAsterisk maxDigits={2} {...form.getInputProps('Campaign.MaxRetries')} />
        <DigitsInput label="Retry Minutes" withAsterisk maxDigits={4} {...form.getInputProps('Campaign.RetryInterval')} />
      </SimpleGrid>
    </Section>
  );
}
