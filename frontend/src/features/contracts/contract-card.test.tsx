import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ContractDto } from '#shared/api/contracts.ts';
import { CONTRACT_MESSAGES } from '#shared/contracts.ts';
import { STALE_EDIT_MESSAGE } from '#shared/api/revision.ts';
import { ApiError } from '@/api/client.ts';
import { renderWithProviders } from '@/testing/render.tsx';
import { ContractCard } from './contract-card.tsx';

const map = (ContractKey: string, ContractName: string, ContractID: string): ContractDto => ({
  ContractKey,
  ContractName,
  ContractID,
  CampaignID: 'c1',
  CampaignName: 'Medicare Inbound',
  F9List: '',
  CreatedDate: '2026-03-05T18:04:09.000Z',
  LastModifiedDate: '0001-01-01T00:00:00Z',
  ModifiedBy: 'seed@leadportal.example.com',
  LastUpdated: '2026-03-05T18:04:09.000Z',
  Revision: 3,
});
const MAPS = [map('k1', 'Medicare Call Center East', 'MCE-1001'), map('k2', 'Health Web Intake', 'HWI-2040')];
const CAMPAIGNS = [
  { value: 'c1', label: 'Medicare Inbound' },
  { value: 'c2', label: 'Health Web Leads' },
];

function renderCard(props: Partial<Parameters<typeof ContractCard>[0]> = {}) {
  const onSave = vi.fn(async () => {});
  const onClose = vi.fn();
  const view = renderWithProviders(<ContractCard contracts={MAPS} campaigns={CAMPAIGNS} canEdit onSave={onSave} onClose={onClose} {...props} />);
  return { ...view, onSave, onClose };
}

const alertText = () => screen.getByRole('alert').textContent;

describe('a contract map card', () => {
  it('shows the map, a dash for an empty list id and a year-1 time, and Edit and Delete for editors', () => {
    renderCard({ contract: MAPS[0] });
    const card = screen.getByRole('article', { name: 'Medicare Call Center East' });
    expect(within(card).getByText('MCE-1001')).toBeTruthy();
    expect(within(card).getByText('Medicare Inbound')).toBeTruthy();
    expect(within(card).getByText('3/5/2026, 12:04:09 PM')).toBeTruthy();
    expect(within(card).getAllByText('-')).toHaveLength(2);
    expect(within(card).getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Delete' })).toBeTruthy();
  });

  it('has no Edit or Delete without CAN_EDIT_CONTRACTS', () => {
    renderCard({ contract: MAPS[0], canEdit: false });
    expect(screen.queryByRole('button')).toBeNull();
  });

  it("refuses a new map with empty fields with 'Missing required fields.', once, and saves nothing", async () => {
    const { user, onSave } = renderCard();
    await user.type(screen.getByRole('textbox', { name: 'Contract ID' }), 'NEW-1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(alertText()).toBe(CONTRACT_MESSAGES.missingFields);
    expect(screen.getByRole('textbox', { name: 'Name' }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('textbox', { name: 'Contract ID' }).getAttribute('aria-invalid')).not.toBe('true');
    expect(onSave).not.toHaveBeenCalled();
  });

  it("refuses a Contract ID another map has with 'Duplicate Campaign ID.'", async () => {
    const { user, onSave } = renderCard();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Second desk');
    await user.type(screen.getByRole('textbox', { name: 'Contract ID' }), 'hwi-2040');
    await user.click(screen.getByRole('combobox', { name: 'Campaign' }));
    await user.click(await screen.findByRole('option', { name: 'Health Web Leads', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(alertText()).toBe(CONTRACT_MESSAGES.duplicateContractId);
    expect(onSave).not.toHaveBeenCalled();
  });

  it('saves a complete new map and closes the card', async () => {
    const { user, onSave, onClose } = renderCard();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Second desk');
    await user.type(screen.getByRole('textbox', { name: 'Contract ID' }), 'SD-1');
    await user.click(screen.getByRole('combobox', { name: 'Campaign' }));
    await user.click(await screen.findByRole('option', { name: 'Health Web Leads', hidden: true }));
    await user.type(screen.getByRole('textbox', { name: 'Call Center List ID' }), 'F9-1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith({ ContractName: 'Second desk', ContractID: 'SD-1', CampaignID: 'c2', F9List: 'F9-1' }, undefined);
    expect(onClose).toHaveBeenCalled();
  });

  it('keeps its own Contract ID on an edit, sends its key and revision, and returns to view mode', async () => {
    const { user, onSave } = renderCard({ contract: MAPS[0] });
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const name = screen.getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Medicare East');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ ContractName: 'Medicare East', ContractID: 'MCE-1001' }), { ContractKey: 'k1', Revision: 3 });
    expect(await screen.findByRole('button', { name: 'Edit' })).toBeTruthy();
  });

  it('Cancel drops the changes and returns to view mode', async () => {
    const { user, onSave } = renderCard({ contract: MAPS[0] });
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.clear(screen.getByRole('textbox', { name: 'Name' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('article', { name: 'Medicare Call Center East' })).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });

  it("shows the server's refusal of a stale edit and keeps what was typed", async () => {
    const onSave = vi.fn(async () => {
      throw new ApiError(409, [STALE_EDIT_MESSAGE]);
    });
    const { user } = renderCard({ contract: MAPS[0], onSave });
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.type(screen.getByRole('textbox', { name: 'Call Center List ID' }), 'F9-9');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(STALE_EDIT_MESSAGE)).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Call Center List ID' })).toHaveProperty('value', 'F9-9');
  });
});
