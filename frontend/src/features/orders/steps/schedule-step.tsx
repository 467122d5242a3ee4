// Order Schedule (spec part 2 §5, §9), shared by both flows: half-hour slots 0 to 48 shown as 12-hour
// times, days MON to SUN, slots added and removed (the campaign flow keeps its last one), and the
// preview calendar of when leads are received.
import { ActionIcon, Button, Chip, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { DAY_SHORT, DAYS, ORDER_LIMITS, SLOT_MAX, SLOT_MIN, slotLabel, type DayName } from '#shared/orders/order.ts';
import { newSlot, type SlotDraft } from '../wizard/order-draft.ts';
import { ScheduleCalendar } from '../components/schedule-calendar.tsx';
import type { StepProps } from './step-props.ts';

const START_OPTIONS = Array.from({ length: SLOT_MAX - SLOT_MIN }, (_, i) => ({ value: String(i), label: slotLabel(i) }));
const END_OPTIONS = Array.from({ length: SLOT_MAX - SLOT_MIN }, (_, i) => ({ value: String(i + 1), label: slotLabel(i + 1) }));

export function ScheduleStep({ form, flow }: StepProps) {
  const slots = form.values.OrderTimeSlots;
  const update = (index: number, change: Partial<SlotDraft>) => {
    form.setFieldValue(
      'OrderTimeSlots',
      slots.map((s, i) => (i === index ? { ...s, ...change } : s)),
    );
    form.clearFieldError('OrderTimeSlots');
  };
  const canRemove = flow === 'fund' || slots.length > 1;
  return (
    <Stack gap="md">
      {slots.map((slot, index) => (
        <Paper key={slot.key} withBorder p="sm">
          <Stack gap="xs" role="group" aria-label={`Time slot ${index + 1}`}>
            <Group align="flex-end" gap="xs" wrap="wrap">
              <Select
                label="Start time"
                data={START_OPTIONS}
                value={slot.StartSlot === null ? null : String(slot.StartSlot)}
                onChange={(v) => update(index, { StartSlot: v === null ? null : Number(v) })}
                style={{ flex: '1 1 8rem' }}
                maxDropdownHeight={240}
                clearable
                clearButtonProps={{ 'aria-label': `Clear start time of slot ${index + 1}` }}
              />
              <Select
                label="End time"
                data={END_OPTIONS}
                value={slot.EndSlot === null ? null : String(slot.EndSlot)}
                onChange={(v) => update(index, { EndSlot: v === null ? null : Number(v) })}
                style={{ flex: '1 1 8rem' }}
                maxDropdownHeight={240}
                clearable
                clearButtonProps={{ 'aria-label': `Clear end time of slot ${index + 1}` }}
              />
              {canRemove && (
                <ActionIcon variant="subtle" color="red.8" size="lg" aria-label={`Remove time slot ${index + 1}`} onClick={() => form.setFieldValue('OrderTimeSlots', slots.filter((_, i) => i !== index))}>
                  ✕
                </ActionIcon>
              )}
            </Group>
            <Chip.Group multiple value={slot.Days} onChange={(days) => update(index, { Days: DAYS.filter((d) => days.includes(d)) as DayName[] })}>
              <Group gap={6} role="group" aria-label="Days">
                {DAYS.map((d) => (
                  <Chip key={d} value={d} size="xs" aria-label={d}>
                    {DAY_SHORT[d]}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </Stack>
        </Paper>
      ))}
      {form.errors.OrderTimeSlots && (
        <Text c="red.8" size="sm" role="alert">
          {form.errors.OrderTimeSlots}
        </Text>
      )}
      <Group>
        <Button variant="default" disabled={slots.length >= ORDER_LIMITS.slotsMax} onClick={() => form.setFieldValue('OrderTimeSlots', [...slots, newSlot()])}>
          Add time slot
        </Button>
      </Group>
      <ScheduleCalendar slots={slots} label="Schedule preview" />
    </Stack>
  );
}
