import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render.tsx';
import { VendorActiveToggle } from './vendor-list-active-toggle.tsx';

const question = 'Are you sure you want to continue?';

describe('the vendor Active toggle', () => {
  it("asks 'Are you sure you want to continue?' and deactivates an active vendor on Yes", async () => {
    const onConfirm = vi.fn(() => Promise.resolve());
    const { user } = renderWithProviders(<VendorActiveToggle vendorName="Acme Leads" active canToggle pending={false} onConfirm={onConfirm} />);

    await user.click(screen.getByRole('switch', { name: 'Acme Leads active' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Acme Leads' });
    expect(dialog.textContent).toContain(question);
    await user.click(screen.getByRole('button', { name: 'Yes' }));

    expect(onConfirm).toHaveBeenCalledWith(false);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('closes on No without calling the server, and the switch keeps the row status', async () => {
    const onConfirm = vi.fn(() => Promise.resolve());
    const { user } = renderWithProviders(<VendorActiveToggle vendorName="Legacy Leads Co" active={false} canToggle pending={false} onConfirm={onConfirm} />);

    await user.click(screen.getByRole('switch', { name: 'Legacy Leads Co active' }));
    await screen.findByRole('dialog', { name: 'Activate Legacy Leads Co' });
    await user.click(screen.getByRole('button', { name: 'No' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onConfirm).not.toHaveBeenCalled();
    expect((screen.getByRole('switch', { name: 'Legacy Leads Co active' }) as HTMLInputElement).checked).toBe(false);
  });

  it('shows the status as a word, with no switch, without CAN_TOGGLE_VENDORS_ACTIVE', () => {
    renderWithProviders(<VendorActiveToggle vendorName="Acme Leads" active canToggle={false} pending={false} onConfirm={() => Promise.resolve()} />);
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.getByText('Active')).toBeTruthy();
  });
});
