// Who is calling a public route: the viewer's address as CloudFront saw it (CloudFront-Viewer-Address,
// `address:port`, set by CloudFront on the public forms' behavior whatever the caller sends; the local
// gateway sets it the same way), never the edge's address API Gateway sees nor a header the caller could
// write (X-Forwarded-For); and the browser's user agent.
import type { ApiEvent } from '#platform/http.ts';

/** `198.51.100.10:46532` → `198.51.100.10`; `2001:db8::1:46532` → `2001:db8::1` (the port is after the last colon). */
export function viewerAddressOf(header: string | undefined): string | undefined {
  const at = header?.lastIndexOf(':') ?? -1;
  return at > 0 ? header!.slice(0, at).replace(/^\[(.*)\]$/, '$1') : undefined;
}

export function callerOf(event: ApiEvent): { ip: string; userAgent: string } {
  return { ip: viewerAddressOf(event.headers?.['cloudfront-viewer-address']) ?? 'unknown', userAgent: event.headers?.['user-agent'] ?? '' };
}
