import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render.tsx';
import { MoneyInput, type MoneyMode, WHOLE_DOLLARS_ONLY } from './money-input.tsx';

function Field({ mode, initial = null }: { mode: MoneyMode; initial?: number | null }) {
  const [cents, setCents] = useState<number | null>(initial);
  return (
    <>
      <MoneyInput label="Amount" mode={mode} value={cents} onChange={setCents} />
      <button type="button" onClick={() => setCents(50_000)}>
        Reset
      </button>
      <output aria-label="Cents">{String(cents)}</output>
    </>
  );
}

const amountField = () => screen.getByRole('textbox', { name: 'Amount' });
const cents = () => screen.getByRole('status', { name: 'Cents' }).textContent;

describe('MoneyInput', () => {
  it('typing 12.50 in a whole-dollar field keeps the dot, holds 1250 cents and says cents cannot be entered', async () => {
    const { user } = renderWithProviders(<Field mode="wholeDollars" />);
    await user.type(amountField(), '12.50');
    expect(amountField()).toHaveProperty('value', '12.50');
    expect(cents()).toBe('1250');
    expect(screen.getByText(WHOLE_DOLLARS_ONLY)).toBeTruthy();
    expect(amountField().getAttribute('aria-invalid')).toBe('true');
  });

  it('pasting 12.50 into a whole-dollar field is shown as typed, never as 12 or 1250 dollars', async () => {
    const { user } = renderWithProviders(<Field mode="wholeDollars" />);
    await user.click(amountField());
    await user.paste('12.50');
    expect(amountField()).toHaveProperty('value', '12.50');
    expect(cents()).toBe('1250');
  });

  it('a whole-dollar amount is written with separators once the field is left', async () => {
    const { user } = renderWithProviders(<Field mode="wholeDollars" />);
    await user.type(amountField(), '1250');
    await user.tab();
    expect(amountField()).toHaveProperty('value', '1,250');
    expect(cents()).toBe('125000');
    expect(screen.queryByText(WHOLE_DOLLARS_ONLY)).toBeNull();
  });

  it('a dollars-and-cents field holds 12.5 as 1250 cents and shows 12.50 once left', async () => {
    const { user } = renderWithProviders(<Field mode="dollarsAndCents" />);
    await user.type(amountField(), '12.5');
    expect(cents()).toBe('1250');
    await user.tab();
    expect(amountField()).toHaveProperty('value', '12.50');
  });

  it('letters are not taken', async () => {
    const { user } = renderWithProviders(<Field mode="dollarsAndCents" />);
    await user.type(amountField(), '1a2');
    expect(amountField()).toHaveProperty('value', '12');
  });

  it('shows a value set from outside, such as a form reset', async () => {
    const { user } = renderWithProviders(<Field mode="dollarsAndCents" initial={1000} />);
    expect(amountField()).toHaveProperty('value', '10.00');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(amountField()).toHaveProperty('value', '500.00');
  });
});
