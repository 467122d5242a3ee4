// The vendor sandbox (issue 24): a second token per vendor whose leads and pings go through the same
// intake calls and the same decision as real ones, and are answered with what would have happened;
// nothing is stored as a lead or ping, sold, charged, delivered or counted. Shared by the server
// (functions/core/leads/sandbox.ts) and the vendor screens that generate the token.

/** The sandbox token as shown once: its own prefix (never valid as a real token), then 43 base64url characters. */
export const SANDBOX_TOKEN_PREFIX = 'lps_';
export const SANDBOX_TOKEN_PATTERN = /^lps_[A-Za-z0-9_-]{43}$/;

/** How long a sandbox lead is remembered, for its replays and for deduplicating later sandbox leads. */
export const SANDBOX_MEMORY_HOURS = 24;

export const SANDBOX_TEXTS = {
  title: 'Sandbox token',
  explain:
    'Leads and pings posted with the sandbox token are checked, deduplicated against other sandbox leads and routed exactly as real ones, and the answer says what would have happened. Nothing is sold, charged, delivered or counted in reports.',
  generate: 'Generate sandbox token',
  rotate: 'Rotate sandbox token',
  shownOnce: 'Copy the sandbox token now: it is shown only once.',
} as const;
