// A failed CRM delivery call: the server's ErrorMessages (the contract's words) when it sent any, else
// the client's plain description of what went wrong.
import { Alert } from '@mantine/core';
import { ApiError } from '@/api/client.ts';

export function ApiErrorAlert({ error, title }: { error: Error | null; title?: string }) {
  if (!error) return null;
  const messages = error instanceof ApiError && error.messages.length > 0 ? error.messages : [error.message];
  return (
    <Alert color="red" variant="light" role="alert" {...(title ? { title } : {})}>
      {messages.map((message) => (
        <div key={message}>{message}</div>
      ))}
    </Alert>
  );
}
