// The messages of a failed settings call: the server's own ErrorMessages (the spec's texts) when it
// sent any, else the client's plain description of what went wrong.
import { Alert } from '@mantine/core';
import { ApiError } from '@/api/client.ts';

export function ErrorMessages({ error }: { error: Error | null }) {
  if (!error) return null;
  const messages = error instanceof ApiError && error.messages.length > 0 ? error.messages : [error.message];
  return (
    <Alert color="red" variant="light" role="alert">
      {messages.map((message) => (
        <div key={message}>{message}</div>
      ))}
    </Alert>
  );
}
