// Who is calling a public route, as API Gateway saw it: the source address (never a header the
// caller could write, such as X-Forwarded-For) and the browser's user agent.
import type { ApiEvent } from '#platform/http.ts';

export function callerOf(event: ApiEvent): { ip: string; userAgent: string } {
  return { ip: event.requestContext?.http?.sourceIp ?? 'unknown', userAgent: event.headers?.['user-agent'] ?? '' };
}
