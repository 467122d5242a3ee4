// The weekly Pro Store transfer (EventBridge schedule). Not built yet: the agent-money issue builds it.
import { notBuilt } from './not-built.ts';

export const implemented = false;

export async function handler(): Promise<void> {
  notBuilt('prostore');
}
