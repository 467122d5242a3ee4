// GET /api/me: the signed-in user (spec part 1 §3 "Agent info"): its schema, query and hook. Every
// signed-in screen reads it; the signed-in layout loads it before anything renders.
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { PERMISSIONS, ROLES, type Permission } from '#shared/permissions.ts';
import { callApi } from './client.ts';

const zeroOrOne = z.union([z.literal(0), z.literal(1)]);

const accountSchema = z.object({
  AgentId: z.string(),
  Zip: z.string(),
  ZipCodeSetStatus: zeroOrOne,
  TimeZone: z.string().nullable(),
  Type: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  CurrentBalance: z.number(),
  OrderStatus: zeroOrOne,
  LiveTransferStatus: zeroOrOne,
  ThirdPartyLeadStatus: z.boolean(),
  LastLeadDateTime: z.string().nullable(),
  HMProStoreAmount: z.number(),
  HMProStoreTransferEnabled: z.boolean(),
  FirstName: z.string(),
  LastName: z.string(),
  LastLoginDateTime: z.string().nullable(),
  TerminationDate: z.string().nullable(),
  Status: zeroOrOne,
  Priority: z.number(),
  CreditLine: z.number(),
});

export const userSchema = z.object({
  AgentId: z.string().nullable(),
  Name: z.string(),
  EmailAddress: z.string(),
  // Unknown strings are kept out rather than failing the whole app on a permission added server-side first.
  Permissions: z.array(z.string()).transform((list) => list.filter((p): p is Permission => (PERMISSIONS as readonly string[]).includes(p))),
  Account: accountSchema.nullable(),
  IsSalesAssistant: z.boolean(),
  IsSponsorAgent: z.boolean(),
  IsFundPreview: z.boolean(),
  IsAdmin: z.boolean(),
  Roles: z.array(z.enum(ROLES)),
});

export type User = z.infer<typeof userSchema>;
export type Account = z.infer<typeof accountSchema>;

export const getMe = (signal?: AbortSignal) => callApi('me.get', { schema: userSchema, signal });

export const meQueryOptions = queryOptions({
  queryKey: ['me'],
  queryFn: ({ signal }) => getMe(signal),
});

export const useMe = () => useSuspenseQuery(meQueryOptions).data;
