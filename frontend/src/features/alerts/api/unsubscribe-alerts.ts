// POST /api/alerts/unsubscribe?token=: turns off the one channel the alert's signed link names. Public:
// no session, so it never sends the visitor to sign in.
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/api/client.ts';

export const unsubscribeAlerts = (token: string) => callApi('account.unsubscribeAlerts', { query: { token } });

export const useUnsubscribeAlerts = () => useMutation({ mutationFn: unsubscribeAlerts });
