import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { FundDto } from '#shared/api/funds.ts';
import { renderWithProviders } from '@/testing/render.tsx';
import type { FundPick } from './campaign-form-model.ts';
import { FundsDialog } from './funds-dialog.tsx';

const fund = (FundId: string, Name: string): FundDto => ({
  FundId,
  Name,
  Description: '',
  Code: Name.toUpperCase(),
  LineOfBusiness: 2,
  Category: 1,
  CategoryLabel: 'LeadConnect',
  Channel: 2,
  StartDate: '2026-01-01T00:00:00.000Z',
  EndDate: '2027-01-01T00:00:00.000Z',
  IsActive: true,
  IsLiveTransfer: false,
  CaptivePrice: 25,
  BrokerPrice: 30,
  Price: 0,
  SpecifiedAgents: [],
  DisputableStatus: 'No',
  Created: '2026-01-01T00:00:00.000Z',
  Modified: '2026-01-01T00:00:00.000Z',
});
const FUNDS = [fund('f1', 'Alpha'), fund('f2', 'Bravo'), fund('f3', 'Charlie')];
const saved = (FundId: string, Name: string, Priority: number): FundPick => ({ FundId, Name, Code: Name.toUpperCase(), IsActive: true, Priority, Action: 'None' });

let latest: FundPick[] = [];
function Harness({ initial }: { initial: FundPick[] }) {
  const [picked, setPicked] = useState(initial);
  const change = (next: FundPick[]) => {
    latest = next;
    setPicked(next);
  };
  return <FundsDialog vendorName="Acme" picked={picked} funds={FUNDS} onChange={change} onClose={() => {}} />;
}

/** The funds as the dialog lists them: priority and name, top to bottom. */
function shown(): string[] {
  const table = screen.getByRole('table', { name: 'Selected funds' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => {
      const cells = within(row).getAllByRole('cell');
      return `${cells[0]!.textContent} ${cells[1]!.textContent}`;
    });
}

describe('the Funds dialog', () => {
  it('adding a fund gives it the next priority', async () => {
    const { user } = renderWithProviders(<Harness initial={[saved('f1', 'Alpha', 1)]} />);
    await user.click(screen.getByRole('combobox', { name: 'Fund' }));
    await user.click(await screen.findByRole('option', { name: 'Bravo (BRAVO)', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Add Fund' }));
    expect(shown()).toEqual(['1 Alpha (ALPHA)', '2 Bravo (BRAVO)']);
  });

  it('removing a saved fund renumbers the rest and keeps it for the PUT as DeleteFund', async () => {
    const { user } = renderWithProviders(<Harness initial={[saved('f1', 'Alpha', 1), saved('f2', 'Bravo', 2), saved('f3', 'Charlie', 3)]} />);
    await user.click(screen.getByRole('button', { name: 'Remove Alpha' }));
    expect(shown()).toEqual(['1 Bravo (BRAVO)', '2 Charlie (CHARLIE)']);
    expect(latest.find((f) => f.FundId === 'f1')?.Action).toBe('DeleteFund');
  });

  it('moving a fund up or down swaps its priority with its neighbour', async () => {
    const { user } = renderWithProviders(<Harness initial={[saved('f1', 'Alpha', 1), saved('f2', 'Bravo', 2), saved('f3', 'Charlie', 3)]} />);
    await user.click(screen.getByRole('button', { name: 'Move Charlie up' }));
    expect(shown()).toEqual(['1 Alpha (ALPHA)', '2 Charlie (CHARLIE)', '3 Bravo (BRAVO)']);
    await user.click(screen.getByRole('button', { name: 'Move Alpha down' }));
    expect(shown()).toEqual(['1 Charlie (CHARLIE)', '2 Alpha (ALPHA)', '3 Bravo (BRAVO)']);
    expect(screen.getByRole('button', { name: 'Move Charlie up' })).toHaveProperty('disabled', true);
  });

  it('a fund removed and added again comes back at the next priority, as one selection', async () => {
    const { user } = renderWithProviders(<Harness initial={[saved('f1', 'Alpha', 1), saved('f2', 'Bravo', 2)]} />);
    await user.click(screen.getByRole('button', { name: 'Remove Alpha' }));
    await user.click(screen.getByRole('combobox', { name: 'Fund' }));
    await user.click(await screen.findByRole('option', { name: 'Alpha (ALPHA)', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Add Fund' }));
    expect(shown()).toEqual(['1 Bravo (BRAVO)', '2 Alpha (ALPHA)']);
    expect(latest.filter((f) => f.FundId === 'f1')).toHaveLength(1);
  });
});
