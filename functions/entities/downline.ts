// The hierarchy's closure table: one item per (ancestor, descendant) pair at any depth, with what
// My Team shows and filters, so "my downline" is one Query and "is X below me" one GetItem.
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';
import { lower, pad } from '#platform/item-key.ts';
import { agentPk } from './agent-profile.ts';

const nameKey = (d: { lastName: string; firstName: string; descendantId: string }) => `${lower(d.lastName)}#${lower(d.firstName)}#${d.descendantId}`;

export const Downline = defineEntity({
  entity: 'Downline',
  version: 1,
  schema: z.object({
    ancestorId: z.string(),
    descendantId: z.string(),
    depth: z.number().int().positive(),
    firstName: z.string(),
    lastName: z.string(),
    status: z.union([z.literal(0), z.literal(1)]),
    type: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  }),
  /** is X in my downline (GetItem) */
  key: (d: { ancestorId: string; descendantId: string }) => ({ pk: agentPk(d.ancestorId), sk: `DOWNLINE#${d.descendantId}` }),
  queries: {
    /** my downline, every depth */
    ofAncestor: (ancestorId: string) => ({ pk: agentPk(ancestorId), sk: { beginsWith: 'DOWNLINE#' } }),
  },
  indexes: {
    /** direct reports only (depth 1), by name; sparse */
    directReports: {
      index: 'gsi1',
      attributes: ['depth', 'ancestorId', 'lastName', 'firstName', 'descendantId'],
      when: (d) => d.depth === 1,
      key: (d) => ({ pk: `DIRECT_REPORTS#${d.ancestorId}`, sk: nameKey(d) }),
      query: (ancestorId: string) => ({ pk: `DIRECT_REPORTS#${ancestorId}` }),
    },
    /** the uplines of an agent, nearest first (to rewrite the closure when an agent moves) */
    uplineOf: {
      index: 'gsi2',
      attributes: ['descendantId', 'depth', 'ancestorId'],
      key: (d) => ({ pk: `UPLINE#${d.descendantId}`, sk: `${pad(d.depth, 3)}#${d.ancestorId}` }),
      query: (descendantId: string) => ({ pk: `UPLINE#${descendantId}` }),
    },
    /** My Team sorted by name, optionally a last-name prefix */
    teamByName: {
      index: 'gsi3',
      attributes: ['ancestorId', 'lastName', 'firstName', 'descendantId'],
      key: (d) => ({ pk: `TEAM#${d.ancestorId}`, sk: nameKey(d) }),
      query: (ancestorId: string, lastNamePrefix?: string) => ({
        pk: `TEAM#${ancestorId}`,
        ...(lastNamePrefix ? { sk: { beginsWith: lower(lastNamePrefix) } } : {}),
      }),
    },
  },
});
export type Downline = z.infer<typeof Downline.schema>;
