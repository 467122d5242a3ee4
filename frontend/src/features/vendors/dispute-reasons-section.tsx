// The vendor's dispute reasons (spec part 3 §3 Dispute reason option): what the vendor calls each
// reason and what an agent disputing one of its leads reads. Rows are added and removed here; the
// list's own rules (each Vendor Reason once, at most 20) show under it as soon as they are broken.
import { Button, Group, Paper, SimpleGrid, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import { MAX_DISPUTE_REASONS } from '#shared/vendors.ts';
import { FormSection } from '@/components/form-section.tsx';
import { newReasonRow, type VendorFormValues } from './vendor-form-model.ts';

export function DisputeReasonsSection({ form, listError }: { form: UseFormReturnType<VendorFormValues>; listError: ReactNode }) {
  const rows = form.values.DisputeReasons;
  return (
    <FormSection title="Dispute Reasons">
      {rows.length === 0 && (
        <Text size="sm" c="dimmed">
          No dispute reasons.
        </Text>
      )}
      {rows.map((row, index) => (
        <Paper key={row.key} withBorder p="sm" role="group" aria-label={`Dispute reason ${index + 1}`}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label="Vendor Reason" withAsterisk maxLength={100} {...form.getInputProps(`DisputeReasons.${index}.VendorReason`)} />
            <TextInput label="User Facing Reason" withAsterisk maxLength={200} {...form.getInputProps(`DisputeReasons.${index}.UserFacingReason`)} />
          </SimpleGrid>
          <Group justify="flex-end" mt="xs">
            <Button variant="subtle" color="red" size="xs" onClick={() => form.removeListItem('DisputeReasons', index)} aria-label={`Remove dispute reason ${index + 1}`}>
              Remove
            </Button>
          </Group>
        </Paper>
      ))}
      {listError && (
        <Text size="sm" c="red.8" role="alert">
          {listError}
        </Text>
      )}
      <Group>
        <Button variant="default" disabled={rows.length >= MAX_DISPUTE_REASONS} onClick={() => form.insertListItem('DisputeReasons', newReasonRow())}>
          Add Reason
        </Button>
      </Group>
    </FormSection>
  );
}
