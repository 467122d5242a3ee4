// POST /api/auth/mfa/setup and /verify: a staff user refused a session for want of MFA sets up an
// authenticator app (docs/api.md "Staff MFA"). No session exists, so nothing is cached or invalidated.
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/api/client.ts';

export const startMfaSetup = () => callApi('auth.mfaSetup');

export const verifyMfaCode = (code: string) => callApi('auth.mfaVerify', { body: { Code: code } });

export function useStartMfaSetup() {
  return useMutation({ mutationFn: startMfaSetup });
}

export function useVerifyMfaCode() {
  return useMutation({ mutationFn: verifyMfaCode });
}
