// The Agents page's upload type (part 3 §2 "CSV uploads", §5): picking the type already chosen keeps it
// chosen and keeps the file picked for it (issue 19, item 12); it used to deselect the type and clear
// the file without a word.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render.tsx';
import { AgentUploads } from './agent-uploads.tsx';

/** The Upload type dropdown's input (its listbox carries the same label). */
const typeInput = () => screen.getAllByLabelText('Upload type').find((el): el is HTMLInputElement => el instanceof HTMLInputElement)!;
const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;

describe('AgentUploads', () => {
  it('keeps the chosen type and the picked file when the chosen type is picked again', async () => {
    const { user } = renderWithProviders(<AgentUploads />);
    await user.click(typeInput());
    await user.click(await screen.findByRole('option', { name: 'Transaction', hidden: true }));
    await user.upload(fileInput(), new File(['TransactionID,AgentCode,Amount,Description,TransactionType\n'], 'transactions.csv', { type: 'text/csv' }));
    expect(screen.getByText('transactions.csv')).toBeTruthy();

    await user.click(typeInput());
    await user.click(await screen.findByRole('option', { name: 'Transaction', hidden: true }));

    expect(typeInput().value).toBe('Transaction');
    expect(screen.getByText('Columns: TransactionID, AgentCode, Amount, Description, TransactionType')).toBeTruthy();
    expect(screen.getByText('transactions.csv')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upload' }).hasAttribute('disabled')).toBe(false);
  });

  it('starts again without a file when another type is picked: a file is chosen for its type', async () => {
    const { user } = renderWithProviders(<AgentUploads />);
    await user.click(typeInput());
    await user.click(await screen.findByRole('option', { name: 'Transaction', hidden: true }));
    await user.upload(fileInput(), new File(['x\n'], 'transactions.csv', { type: 'text/csv' }));

    await user.click(typeInput());
    await user.click(await screen.findByRole('option', { name: 'Lead Reimbursement', hidden: true }));

    expect(typeInput().value).toBe('Lead Reimbursement');
    expect(screen.queryByText('transactions.csv')).toBeNull();
  });
});
