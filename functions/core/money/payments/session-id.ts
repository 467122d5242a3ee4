// The identifiers sent to the card provider with each hosted-form payment: the session id of spec
// part 1 §9 ('LC-{env}-{agentId}-{yy}{dayOfYear}{h}{m}{s}'), which names the agent the payment is
// for, and the order id (at most 22 characters). Pure functions; the caller supplies clock and nonce.

export const SESSION_ENVS = ['PROD', 'PRODSUPP', 'MODEL', 'DEV'] as const;
export type SessionEnv = (typeof SESSION_ENVS)[number];

export const MAX_ORDER_ID_LENGTH = 22;

const two = (n: number) => String(n).padStart(2, '0');

/**
 * {yy}{dayOfYear}{h}{m}{s} in UTC. The spec does not say whether the parts are padded; they are
 * (2, 3, 2, 2, 2 digits) so the stamp has one reading and a fixed length of 11 digits.
 */
export function sessionStamp(at: Date): string {
  const startOfYear = Date.UTC(at.getUTCFullYear(), 0, 1);
  const dayOfYear = Math.floor((at.getTime() - startOfYear) / 86_400_000) + 1;
  return `${two(at.getUTCFullYear() % 100)}${String(dayOfYear).padStart(3, '0')}${two(at.getUTCHours())}${two(at.getUTCMinutes())}${two(at.getUTCSeconds())}`;
}

export function cardSessionId(p: { env: SessionEnv; agentId: string; at: Date }): string {
  return `LC-${p.env}-${p.agentId}-${sessionStamp(p.at)}`;
}

const SESSION_ID = new RegExp(`^LC-(${SESSION_ENVS.join('|')})-(.+)-(\\d{11})$`);

/** The agent a session id was issued for, or undefined when it is not one of ours. */
export function parseCardSessionId(sessionId: string): { env: SessionEnv; agentId: string; stamp: string } | undefined {
  const match = SESSION_ID.exec(sessionId);
  if (!match) return undefined;
  return { env: match[1] as SessionEnv, agentId: match[2]!, stamp: match[3]! };
}

/** 'LC' + the stamp + a nonce of up to 9 characters: unique per attempt and within the provider's 22. */
export function cardOrderId(at: Date, nonce: string): string {
  const id = `LC${sessionStamp(at)}${nonce}`;
  if (!/^[A-Za-z0-9]+$/.test(nonce) || id.length > MAX_ORDER_ID_LENGTH)
    throw new Error(`An order id must be alphanumeric and at most ${MAX_ORDER_ID_LENGTH} characters: ${id}`);
  return id;
}
