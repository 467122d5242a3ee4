// The CloudFront Function (viewer request, on the `/api/live` behavior only) that hands the live socket's
// handshake to the WebSocket API. A WebSocket API answers only at its stage's root
// (`wss://{api}.execute-api.{region}.amazonaws.com/{stage}`; any further path is refused with a 403),
// while the browser opens the socket on the site's own origin at LIVE_PATH so the session cookie goes
// with it. CloudFront forwards `originPath + uri`, and the origin's path is `/{stage}`, so the URI
// becomes `/`: a function cannot set an empty URI, and `/{stage}/` is the form API Gateway's own guide
// connects to (`wscat -c wss://{api}.execute-api.{region}.amazonaws.com/{stage}/`). The query string
// and headers (cookie, Origin, Sec-WebSocket-*) are left as they came.
import { LIVE_PATH } from '#shared/api/notifications.ts';

/** Source for CloudFront's JavaScript runtime 2.0 (plain script with a global `handler`). */
export const LIVE_REWRITE_SOURCE = `function handler(event) {
  var request = event.request;
  if (request.uri === ${JSON.stringify(LIVE_PATH)}) {
    request.uri = '/';
  }
  return request;
}`;
