import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { notifications } from '@mantine/notifications';
import { ApiError, callApi } from '@/api/client.ts';
import { renderWithProviders } from '@/testing/render.tsx';
import { leadKeys } from './api/get-agent-leads.ts';
import { DisputeDialog } from './dispute-dialog.tsx';
import { testLead } from './test-lead.ts';

vi.mock('@/api/client.ts', async (importOriginal) => ({ ...(await importOriginal<object>()), callApi: vi.fn() }));
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const reasons = [
  { VendorReason: 'BADPHONE', UserFacingReason: 'Bad phone number' },
  { VendorReason: 'DUP', UserFacingReason: 'Duplicate lead' },
];

function answer(dispute: () => Promise<unknown>) {
  vi.mocked(callApi).mockImplementation(async (id: string) => (id === 'vendors.disputeReasons' ? reasons : dispute()));
}

async function fillIn(user: ReturnType<typeof renderWithProviders>['user']) {
  await user.click(await screen.findByRole('combobox', { name: 'Reason' }));
  await user.click(await screen.findByRole('option', { name: 'Bad phone number', hidden: true }));
  await user.type(screen.getByRole('textbox', { name: 'Comments' }), 'Number is disconnected');
}

describe('the dispute dialog', () => {
  beforeEach(() => {
    vi.mocked(callApi).mockReset();
    vi.mocked(notifications.show).mockReset();
  });

  it("offers the vendor's reasons and keeps Submit disabled until a reason and comments are given", async () => {
    answer(() => Promise.resolve());
    const { user } = renderWithProviders(<DisputeDialog agentId="A1" lead={testLead()} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Dispute Lead 1001' });
    expect(dialog).toBeTruthy();
    expect(callApi).toHaveBeenCalledWith('vendors.disputeReasons', expect.objectContaining({ params: { vendorId: 'V1', leadId: 'L1' } }));
    const submit = () => screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement;
    expect(submit().disabled).toBe(true);
    await user.click(await screen.findByRole('combobox', { name: 'Reason' }));
    await user.click(await screen.findByRole('option', { name: 'Duplicate lead', hidden: true }));
    expect(submit().disabled).toBe(true);
    await user.type(screen.getByRole('textbox', { name: 'Comments' }), '   ');
    expect(submit().disabled).toBe(true);
    await user.type(screen.getByRole('textbox', { name: 'Comments' }), 'x');
    expect(submit().disabled).toBe(false);
  });

  it('takes at most 255 characters of comments and counts them', async () => {
    answer(() => Promise.resolve());
    const { user } = renderWithProviders(<DisputeDialog agentId="A1" lead={testLead()} onClose={() => {}} />);
    const comments = (await screen.findByRole('textbox', { name: 'Comments' })) as HTMLTextAreaElement;
    await user.click(comments);
    await user.paste('a'.repeat(300));
    expect(comments.value).toHaveLength(255);
    expect(screen.getByText('255/255')).toBeTruthy();
  });

  it("sends LeadId, VendorReason and UserComments, closes and shows the row's dispute as Submitted", async () => {
    answer(() => Promise.resolve({ LeadId: 'L1', DisputeStatus: 'Submitted', DisputeDateTime: '2026-11-25T10:00:00.000Z' }));
    const onClose = vi.fn();
    const lead = testLead();
    const { user, queryClient } = renderWithProviders(<DisputeDialog agentId="A1" lead={lead} onClose={onClose} />);
    const key = [...leadKeys.agent('A1'), 'page'];
    queryClient.setQueryData(key, { Leads: [lead] });
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(callApi).toHaveBeenCalledWith('leads.dispute', expect.objectContaining({ body: { LeadId: 'L1', VendorReason: 'BADPHONE', UserComments: 'Number is disconnected' } }));
    expect(queryClient.getQueryData<{ Leads: { DisputeStatus: string; HasDispute: boolean }[] }>(key)?.Leads[0]).toMatchObject({ DisputeStatus: 'Submitted', HasDispute: true });
    expect(notifications.show).not.toHaveBeenCalled();
  });

  it("shows 'Could not save a dispute.' when the server refuses, and stays open", async () => {
    answer(() => Promise.reject(new ApiError(501, ['Not implemented'])));
    const onClose = vi.fn();
    const { user } = renderWithProviders(<DisputeDialog agentId="A1" lead={testLead()} onClose={onClose} />);
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ message: 'Could not save a dispute.' })));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Dispute Lead 1001' })).toBeTruthy();
  });
});
