// The CloudFront Function (viewer request, default behavior only) that serves the single-page app:
// extension-less paths are client-side routes and get /index.html; files keep their path. It runs
// on the site behavior only, so /api/* answers (404, 401, 500) reach the browser unchanged, which
// a distribution-wide "errors become index.html" rule would not allow.

/** Source for CloudFront's JavaScript runtime 2.0 (plain script with a global `handler`). */
export const SPA_REWRITE_SOURCE = `function handler(event) {
  var request = event.request;
  var lastSegment = request.uri.split('/').pop();
  if (lastSegment.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}`;
