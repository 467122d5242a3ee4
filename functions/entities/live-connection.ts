// An open live socket (issue 23): the WebSocket API's connection id, stored under its agent when the
// socket opens (so a push finds every tab of the agent with one Query) and by its own id (so the
// disconnect, which names only the connection, finds its agent). Both expire with the gateway's
// two-hour connection limit; a push to a connection the gateway no longer has deletes them.
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';
import { agentPk } from './agent-profile.ts';

/** API Gateway closes a WebSocket connection after two hours at most. */
export const LIVE_CONNECTION_HOURS = 2;

const schema = z.object({ agentId: z.string(), connectionId: z.string(), connectedAt: z.string(), ttl: z.number().int() });

/** an agent's open sockets */
export const LiveConnection = defineEntity({
  entity: 'LiveConnection',
  version: 1,
  schema,
  key: (c: { agentId: string; connectionId: string }) => ({ pk: agentPk(c.agentId), sk: `LIVE#${c.connectionId}` }),
  queries: {
    ofAgent: (agentId: string) => ({ pk: agentPk(agentId), sk: { beginsWith: 'LIVE#' } }),
  },
});
export type LiveConnection = z.infer<typeof schema>;

/** a socket's agent, by the connection id */
export const LiveConnectionOwner = defineEntity({
  entity: 'LiveConnectionOwner',
  version: 1,
  schema,
  key: (c: { connectionId: string }) => ({ pk: `LIVE#${c.connectionId}`, sk: 'LIVE' }),
});
