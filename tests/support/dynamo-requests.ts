// The DynamoDB requests this process makes while a function runs, counted by command: what an
// integration test asserts when a change is about how many requests something takes.
import { docClient } from '#platform/dynamo.ts';

/** The requests made while `run` ran, by command name without "Command" (TransactWriteItems: those answered, committed or not). */
export async function requestsOf(run: () => Promise<unknown>): Promise<Record<string, number>> {
  const made: Record<string, number> = {};
  const name = `requestsOf${Math.random().toString(36).slice(2)}`;
  docClient().middlewareStack.add(
    (next, context) => async (args) => {
      const out = await next(args);
      const command = (context.commandName ?? '').replace(/Command$/, '');
      made[command] = (made[command] ?? 0) + 1;
      return out;
    },
    { step: 'initialize', name },
  );
  try {
    await run();
  } finally {
    docClient().middlewareStack.remove(name);
  }
  return made;
}
