// The local OIDC provider's storage: its sessions, interactions, codes and grants kept in this process
// (the provider runs only on a laptop or in tests, and a restart simply means signing in again).
import type { Adapter, AdapterPayload } from 'oidc-provider';

interface Entry {
  payload: AdapterPayload;
  expiresAt: number;
}

const entries = new Map<string, Entry>();
const sessionByUid = new Map<string, string>();
const grantMembers = new Map<string, Set<string>>();

const live = (key: string): AdapterPayload | undefined => {
  const entry = entries.get(key);
  if (!entry) return undefined;
  if (entry.expiresAt <= Date.now()) {
    entries.delete(key);
    return undefined;
  }
  return entry.payload;
};

/** One adapter per provider model (Session, Interaction, AuthorizationCode, Grant, ...). */
export class LocalOidcStore implements Adapter {
  constructor(private readonly model: string) {}

  private key(id: string) {
    return `${this.model}:${id}`;
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
    const key = this.key(id);
    entries.set(key, { payload, expiresAt: Date.now() + expiresIn * 1000 });
    if (this.model === 'Session' && payload.uid) sessionByUid.set(payload.uid, id);
    if (payload.grantId) {
      const members = grantMembers.get(payload.grantId) ?? new Set<string>();
      members.add(key);
      grantMembers.set(payload.grantId, members);
    }
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    return live(this.key(id));
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    const id = sessionByUid.get(uid);
    return id ? this.find(id) : undefined;
  }

  async findByUserCode(): Promise<AdapterPayload | undefined> {
    return undefined; // The device flow is not enabled.
  }

  async consume(id: string): Promise<void> {
    const payload = live(this.key(id));
    if (payload) payload.consumed = Math.floor(Date.now() / 1000);
  }

  async destroy(id: string): Promise<void> {
    entries.delete(this.key(id));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    for (const key of grantMembers.get(grantId) ?? []) entries.delete(key);
    grantMembers.delete(grantId);
  }
}
