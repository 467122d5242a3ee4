// Pushes a message to open live sockets through the WebSocket API's management endpoint
// (PostToConnection), in AWS API Gateway's, locally the gateway's stand-in (infra/local/live-sockets.ts).
// Without LIVE_PUSH_ENDPOINT (integration tests, a job run alone) nothing is pushed.
import { ApiGatewayManagementApiClient, DeleteConnectionCommand, GoneException, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import { config } from './config.ts';
import { onForget } from './held.ts';

let client: ApiGatewayManagementApiClient | undefined;
let clientEndpoint: string | undefined;
onForget(() => {
  client = undefined;
  clientEndpoint = undefined;
});

function managementClient(): ApiGatewayManagementApiClient | undefined {
  const { LIVE_PUSH_ENDPOINT, AWS_REGION } = config();
  if (!LIVE_PUSH_ENDPOINT) return undefined;
  if (!client || clientEndpoint !== LIVE_PUSH_ENDPOINT) {
    client = new ApiGatewayManagementApiClient({ endpoint: LIVE_PUSH_ENDPOINT, region: AWS_REGION, maxAttempts: 2 });
    client.middlewareStack.remove('loggerMiddleware');
    clientEndpoint = LIVE_PUSH_ENDPOINT;
  }
  return client;
}

export type PushOutcome = 'sent' | 'gone' | 'failed' | 'off';

/** Sends `message` (JSON) to one connection: 'gone' when the gateway no longer has it. */
export async function pushTo(connectionId: string, message: unknown): Promise<PushOutcome> {
  const api = managementClient();
  if (!api) return 'off';
  try {
    await api.send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: Buffer.from(JSON.stringify(message)) }));
    return 'sent';
  } catch (err) {
    if (err instanceof GoneException || (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 410) return 'gone';
    return 'failed';
  }
}

/** Closes a connection from the server side (the agent signed out, or their user lost the agent). */
export async function disconnect(connectionId: string): Promise<void> {
  const api = managementClient();
  if (!api) return;
  await api.send(new DeleteConnectionCommand({ ConnectionId: connectionId })).catch(() => undefined);
}
