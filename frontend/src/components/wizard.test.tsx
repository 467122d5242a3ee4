import { TextInput } from '@mantine/core';
import { createRoute, type AnyRoute } from '@tanstack/react-router';
import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderWithRouter } from '@/testing/render.tsx';
import { MoneyInput } from './money-input.tsx';
import { defineStep, Wizard, type WizardValues, wizardSearchSchema } from './wizard.tsx';

const agentStep = defineStep({
  id: 'agent',
  title: 'Agent',
  schema: z.object({ agentId: z.string().min(1, 'Agent is required.') }),
  initialValues: { agentId: '' },
  render: (form) => <TextInput label="Agent ID" {...form.getInputProps('agentId')} />,
});

const budgetStep = defineStep({
  id: 'budget',
  title: 'Budget',
  schema: z.object({ budgetCents: z.number({ error: 'Budget is required.' }).int().min(1000, 'Budget cannot be less than $10.00') }),
  initialValues: { budgetCents: null as number | null },
  render: (form) => <MoneyInput label="Budget" mode="dollarsAndCents" {...form.getInputProps('budgetCents')} />,
});

/** A one-route app whose page is a two-step wizard with its step in `?step=`. */
function wizardRoute(onComplete: (values: WizardValues) => void) {
  return (root: AnyRoute) => {
    const route: AnyRoute = createRoute({
      getParentRoute: () => root,
      path: '/',
      validateSearch: wizardSearchSchema,
      component: function Page() {
        const { step } = route.useSearch() as { step: number };
        const navigate = route.useNavigate();
        const [done, setDone] = useState(false);
        return done ? (
          <p>Done</p>
        ) : (
          <Wizard
            steps={[agentStep, budgetStep]}
            step={step}
            onStepChange={(next) => void navigate({ search: { step: next } as never })}
            onComplete={(values) => {
              onComplete(values);
              setDone(true);
            }}
          />
        );
      },
    });
    return route;
  };
}

describe('Wizard', () => {
  it("refuses to leave a step whose schema fails, with the schema's message", async () => {
    const { user, router } = await renderWithRouter(() => <></>, { route: wizardRoute(vi.fn()) });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Agent is required.')).toBeTruthy();
    expect(router.state.location.search).toEqual({ step: 1 });
  });

  it('moves to the next step in the URL, and Back keeps what the step held', async () => {
    const { user, router } = await renderWithRouter(() => <></>, { route: wizardRoute(vi.fn()) });
    await user.type(screen.getByRole('textbox', { name: 'Agent ID' }), 'A000002');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('textbox', { name: 'Budget' });
    expect(router.state.location.search).toEqual({ step: 2 });

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('textbox', { name: 'Agent ID' })).toHaveProperty('value', 'A000002');
  });

  it('a link straight to step 2 shows step 1 while step 1 is not completed', async () => {
    await renderWithRouter(() => <></>, { route: wizardRoute(vi.fn()), url: '/?step=2' });
    expect(await screen.findByRole('textbox', { name: 'Agent ID' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Budget' })).toBeNull();
  });

  it("Finish hands over every step's parsed values, money in cents", async () => {
    const onComplete = vi.fn();
    const { user } = await renderWithRouter(() => <></>, { route: wizardRoute(onComplete) });
    await user.type(screen.getByRole('textbox', { name: 'Agent ID' }), 'A000002');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(await screen.findByRole('textbox', { name: 'Budget' }), '5');
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    expect(await screen.findByText('Budget cannot be less than $10.00')).toBeTruthy();

    await user.clear(screen.getByRole('textbox', { name: 'Budget' }));
    await user.type(screen.getByRole('textbox', { name: 'Budget' }), '50.25');
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(onComplete).toHaveBeenCalledWith({ agent: { agentId: 'A000002' }, budget: { budgetCents: 5025 } }));
  });
});
