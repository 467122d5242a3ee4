// An agent's names as the Agents page's first-name filter reads them (docs/data-model.md #24d): a
// small item beside the profile, in the partition of the first one and first two letters of the
// first name, sorted by the name key (last, first, id), so "first name starts with jo, by last name"
// is one partition read in order, counted without reading the large profiles. Written with the
// profile (registerAgent) and by the directory rebuild; names do not change after an agent exists.
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';
import { agentPk } from '#platform/keys.ts';
import { directoryKeys } from './agent-profile.ts';

/** The first-name key's first `n` characters: the partition of the cards whose first name starts so. */
export const firstNameHead = (a: { firstName: string; lastName: string; agentId: string }, n: 1 | 2) => directoryKeys.firstName(a).slice(0, n);

export const DirectoryCard = defineEntity({
  entity: 'DirectoryCard',
  version: 1,
  schema: z.object({ agentId: z.string(), firstName: z.string(), lastName: z.string() }),
  /** an agent's card */
  key: (c: { agentId: string }) => ({ pk: agentPk(c.agentId), sk: 'DIRCARD' }),
  indexes: {
    /** agents whose first name starts with one letter, by last name */
    byFirstLetter: {
      index: 'gsi1',
      attributes: ['agentId', 'firstName', 'lastName'],
      key: (c) => ({ pk: `AGENTS_FIRST1#${firstNameHead(c, 1)}`, sk: directoryKeys.lastName(c) }),
      query: (head: string) => ({ pk: `AGENTS_FIRST1#${head}` }),
    },
    /** agents whose first name starts with two letters, by last name */
    byFirstTwoLetters: {
      index: 'gsi2',
      attributes: ['agentId', 'firstName', 'lastName'],
      key: (c) => ({ pk: `AGENTS_FIRST2#${firstNameHead(c, 2)}`, sk: directoryKeys.lastName(c) }),
      query: (head: string) => ({ pk: `AGENTS_FIRST2#${head}` }),
    },
  },
});
export type DirectoryCard = z.infer<typeof DirectoryCard.schema>;
