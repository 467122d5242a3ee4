// The wizard pattern for multi-step screens (the two order wizards): the current step is the URL's
// `?step=` (so back, reload and a shared link land on the same step), each step is its own
// @mantine/form checked by that step's zod schema (the same schema the server parses, from shared/),
// and what earlier steps collected is kept while moving back and forth. A URL that points past the
// first step not yet completed shows that step instead, so no step is reached with missing data.
import { Button, Group, Stack, Stepper } from '@mantine/core';
import { schemaResolver, useForm, type UseFormReturnType } from '@mantine/form';
import { useState, type ReactNode } from 'react';
import { z } from 'zod';

/** `?step=`: 1-based; `.default()` so links to the wizard may leave it out. */
export const wizardSearchSchema = z.object({ step: z.number().int().min(1).max(50).default(1) });
export type WizardSearch = z.infer<typeof wizardSearchSchema>;

export interface WizardStep<V extends Record<string, unknown> = Record<string, unknown>> {
  /** Key of this step's values in what the wizard collects. */
  id: string;
  title: string;
  schema: z.ZodType<V>;
  initialValues: V;
  render: (form: UseFormReturnType<V>) => ReactNode;
}

/** Declares a step with its values' type inferred from the initial values, so `render` is typed. */
export const defineStep = <V extends Record<string, unknown>>(step: WizardStep<V>): WizardStep => step as unknown as WizardStep;

export type WizardValues = Record<string, Record<string, unknown>>;

export interface WizardProps {
  steps: readonly WizardStep[];
  /** The URL's step (1-based) and how to change it. */
  step: number;
  onStepChange: (step: number) => void;
  /** Every step's values, parsed by its schema, keyed by step id. */
  onComplete: (values: WizardValues) => void;
  completeLabel?: string;
  /** True while the completed wizard is being sent. */
  completing?: boolean;
}

/** The step to show: the URL's, unless an earlier step has not been completed yet. */
export function shownStep(requested: number, completed: ReadonlySet<string>, steps: readonly WizardStep[]): number {
  const firstOpen = steps.findIndex((s) => !completed.has(s.id));
  const limit = firstOpen === -1 ? steps.length : firstOpen + 1;
  return Math.min(Math.max(1, requested), limit, steps.length);
}

export function Wizard({ steps, step, onStepChange, onComplete, completeLabel = 'Finish', completing = false }: WizardProps) {
  const [values, setValues] = useState<WizardValues>({});
  const completed = new Set(Object.keys(values));
  const current = shownStep(step, completed, steps);
  const active = steps[current - 1]!;

  const next = (stepValues: Record<string, unknown>) => {
    const all = { ...values, [active.id]: stepValues };
    setValues(all);
    // Each step keeps what was typed (to edit again); the caller gets every step's parsed values.
    if (current === steps.length) onComplete(Object.fromEntries(steps.map((s) => [s.id, s.schema.parse(all[s.id])])));
    else onStepChange(current + 1);
  };

  return (
    <Stack gap="lg">
      <Stepper active={current - 1} onStepClick={(index) => index + 1 < current && onStepChange(index + 1)} allowNextStepsSelect={false} size="sm">
        {steps.map((s) => (
          <Stepper.Step key={s.id} label={s.title} />
        ))}
      </Stepper>
      {/* One form per step, made afresh (keyed) when the step changes, starting from what it last held. */}
      <StepForm
        key={active.id}
        step={active}
        initial={values[active.id] ?? active.initialValues}
        onBack={current > 1 ? (stepValues) => {
          setValues((all) => ({ ...all, [active.id]: stepValues }));
          onStepChange(current - 1);
        } : undefined}
        onNext={next}
        nextLabel={current === steps.length ? completeLabel : 'Next'}
        completing={completing}
      />
    </Stack>
  );
}

interface StepFormProps {
  step: WizardStep;
  initial: Record<string, unknown>;
  onBack: ((values: Record<string, unknown>) => void) | undefined;
  onNext: (values: Record<string, unknown>) => void;
  nextLabel: string;
  completing: boolean;
}

function StepForm({ step, initial, onBack, onNext, nextLabel, completing }: StepFormProps) {
  const form = useForm<Record<string, unknown>>({
    mode: 'controlled',
    initialValues: initial,
    validate: schemaResolver(step.schema, { sync: true }),
  });
  return (
    <form onSubmit={form.onSubmit(() => onNext(form.getValues()))} noValidate aria-label={step.title}>
      <Stack gap="md">
        {step.render(form)}
        <Group justify="space-between">
          {onBack ? (
            <Button variant="default" onClick={() => onBack(form.getValues())}>
              Back
            </Button>
          ) : (
            <span />
          )}
          <Button type="submit" loading={completing}>
            {nextLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
