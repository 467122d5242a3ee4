// Shared ending for the local stack's commands: problems a developer fixes themselves print as one
// line and exit 1; anything else is a bug and keeps its stack trace.
import { StartupError } from './services/startup-error.ts';

export function exitOnError(err: unknown): never {
  if (err instanceof StartupError) console.error(err.message);
  else console.error(err);
  process.exit(1);
}
