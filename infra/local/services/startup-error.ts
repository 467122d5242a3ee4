// The error for problems a developer fixes on their own machine (a busy port, no Java): the local
// stack's commands print its message as one line instead of a stack trace.
export class StartupError extends Error {
  override readonly name = 'StartupError';
}
