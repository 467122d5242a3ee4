// The wizards' vertical stepper (spec part 2 §2, §4): one button per step header, the current one
// marked, steps that cannot be opened yet disabled, a check on steps that pass, and a warning on a
// step whose content is invalid (the campaign flow's distribution).
import { Box, Stack, Text, UnstyledButton } from '@mantine/core';
import type { StepDef } from './order-draft.ts';

export interface StepHeaderState {
  enabled: boolean;
  done: boolean;
  /** Shown as a warning icon, and said to screen readers. */
  warning?: string | undefined;
}

interface OrderStepperProps {
  steps: readonly StepDef[];
  active: number;
  states: readonly StepHeaderState[];
  onSelect: (index: number) => void;
}

export function OrderStepper({ steps, active, states, onSelect }: OrderStepperProps) {
  return (
    <Box component="nav" aria-label="Order steps">
      <Stack component="ol" gap={4} p={0} m={0} style={{ listStyle: 'none' }}>
        {steps.map((step, i) => {
          const state = states[i]!;
          const current = i === active;
          const mark = state.warning ? '!' : state.done && !current ? '✓' : String(i + 1);
          const color = state.warning ? 'var(--mantine-color-orange-8)' : current || state.done ? 'var(--mantine-color-blue-8)' : 'var(--mantine-color-gray-7)';
          return (
            <li key={step.id}>
              <UnstyledButton
                onClick={() => onSelect(i)}
                disabled={!state.enabled}
                aria-current={current ? 'step' : undefined}
                data-step={step.id}
                w="100%"
                p={6}
                style={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 10,
                  borderRadius: 6,
                  background: current ? 'var(--mantine-color-blue-0)' : undefined,
                  opacity: state.enabled ? 1 : 0.6,
                  cursor: state.enabled ? 'pointer' : 'not-allowed',
                }}
              >
                <Box
                  aria-hidden
                  w={26}
                  h={26}
                  style={{
                    flexShrink: 0,
                    borderRadius: '50%',
                    display: 'flex',
                    alignItems: 'center',
                    justifyContent: 'center',
                    fontSize: 13,
                    fontWeight: 700,
                    color: current || state.done || state.warning ? 'white' : color,
                    background: current || state.done || state.warning ? color : 'white',
                    border: `2px solid ${color}`,
                  }}
                >
                  {mark}
                </Box>
                <Text size="sm" fw={current ? 700 : 500} c={state.enabled ? 'dark.9' : 'gray.8'}>
                  {step.title}
                  {state.warning && (
                    <Text span size="xs" c="orange.9" display="block">
                      {state.warning}
                    </Text>
                  )}
                </Text>
              </UnstyledButton>
            </li>
          );
        })}
      </Stack>
    </Box>
  );
}
