import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/api/client.ts';
import { callApi, stubCallApi } from '@/testing/api-stub.ts';
import { renderWithProviders } from '@/testing/render.tsx';
import { UnsubscribePage } from './unsubscribe-page.tsx';

stubCallApi();

const TOKEN = 'A000123.s.abcdefghijklmnopqrstuv';

describe('the unsubscribe page', () => {
  // A block body: a function returned from beforeEach is run as its teardown (it would call the mock once more).
  beforeEach(() => {
    vi.mocked(callApi).mockReset();
  });

  it('asks first, then turns off the channel the link names', async () => {
    vi.mocked(callApi).mockResolvedValue({ Channel: 'sms', Unsubscribed: true });
    const { user } = renderWithProviders(<UnsubscribePage token={TOKEN} />);
    expect(screen.getByRole('heading', { name: 'Stop alerts', level: 1 })).toBeTruthy();
    expect(callApi).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Turn off text alerts' }));
    await waitFor(() => expect(callApi).toHaveBeenCalledWith('account.unsubscribeAlerts', { query: { token: TOKEN } }));
    expect((await screen.findByRole('status')).textContent).toContain('You will get no more text alerts.');
  });

  it("shows the server's refusal of a forged link", async () => {
    vi.mocked(callApi).mockImplementation(() => Promise.reject(new ApiError(403, ['This unsubscribe link is not valid.'])));
    const { user } = renderWithProviders(<UnsubscribePage token={TOKEN.replace('.s.', '.e.')} />);
    await user.click(screen.getByRole('button', { name: 'Turn off e-mail alerts' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('This unsubscribe link is not valid.'));
  });

  it('calls nothing for a malformed link', () => {
    renderWithProviders(<UnsubscribePage token="not-a-token" />);
    expect(screen.getByRole('alert').textContent).toContain('This unsubscribe link is not valid.');
    expect(screen.queryByRole('button')).toBeNull();
    expect(callApi).not.toHaveBeenCalled();
  });
});
