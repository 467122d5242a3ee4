// Deterministic ids: the same name always gives the same GUID-shaped id, so seeds are repeatable.
import { createHash } from 'node:crypto';

export function stableId(namespace: string, name: string): string {
  const hex = createHash('sha256').update(`${namespace}:${name}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** Agent ids as the portal shows them: A plus six digits. */
export const agentIdOf = (index: number) => `A${String(index + 1).padStart(6, '0')}`;
