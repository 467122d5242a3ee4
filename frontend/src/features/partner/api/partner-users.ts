// GET, POST, PATCH and DELETE /api/partner/{vendorId}/users: the vendor's users, inviting one, changing
// a role, removing one. Each change reads the list again by its precise key.
import { queryOptions, useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import type { InviteUserForm } from '#shared/api/partner.ts';
import type { VendorRole } from '#shared/permissions.ts';
import { callApi } from '@/api/client.ts';

export const partnerUsersKey = (vendorId: string) => ['partner', vendorId, 'users'] as const;

export const partnerUsersQueryOptions = (vendorId: string) =>
  queryOptions({ queryKey: partnerUsersKey(vendorId), queryFn: ({ signal }) => callApi('partner.users', { params: { vendorId }, signal }) });

export const usePartnerUsers = (vendorId: string) => useSuspenseQuery(partnerUsersQueryOptions(vendorId)).data.Users;

function useUsersChange<V>(vendorId: string, mutationFn: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerUsersKey(vendorId), exact: true }) });
}

export const useInvitePartnerUser = (vendorId: string) =>
  useUsersChange(vendorId, (form: InviteUserForm) => callApi('partner.inviteUser', { params: { vendorId }, body: form }));

export const useChangePartnerUserRole = (vendorId: string) =>
  useUsersChange(vendorId, ({ userId, role }: { userId: string; role: VendorRole }) => callApi('partner.updateUser', { params: { vendorId, userId }, body: { Role: role } }));

export const useRemovePartnerUser = (vendorId: string) =>
  useUsersChange(vendorId, (userId: string) => callApi('partner.removeUser', { params: { vendorId, userId } }));
