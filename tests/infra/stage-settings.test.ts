// Stage configuration reaches the areas that use it: the help and portal links the me area serves, and
// the card payment settings, to the account area alone (the secret only by reference).
import { describe, expect, it } from 'vitest';
import { AREAS } from '#shared/manifest.ts';
import { logicalIdOf, resourcesOf, synthesize, type Synthesized } from './support/synth.ts';

const synth: Synthesized = synthesize({ bundling: false });
const resources = resourcesOf(synth.template);
const envOf = (id: string) => (resources[id]!.Properties as { Environment: { Variables: Record<string, unknown> } }).Environment.Variables;

describe('the me area configuration', () => {
  it('serves the help and agent-portal links of the stage', () => {
    const env = envOf(logicalIdOf(synth.stack, synth.stack.areaFunctions.me));
    expect(env.HELP_URL).toMatch(/^https:\/\//);
    expect(env.AGENT_PORTAL_URL).toMatch(/^https:\/\//);
  });
});

describe('card payment configuration', () => {
  it('gives the account area the provider URL, the session environment and the secret ARN', () => {
    const env = envOf(logicalIdOf(synth.stack, synth.stack.areaFunctions.account));
    expect(env.PAYMENT_PROVIDER_URL).toMatch(/^https:\/\//);
    expect(env.PAYMENT_SESSION_ENV).toBe('DEV');
    expect(env.PAYMENT_SECRET_ARN).toBeDefined();
    expect(JSON.stringify(env)).not.toMatch(/PAYMENT_SECRET"/);
  });

  it('gives no other area any payment setting', () => {
    for (const area of AREAS.filter((a) => a !== 'account')) {
      const env = envOf(logicalIdOf(synth.stack, synth.stack.areaFunctions[area]));
      expect(Object.keys(env).filter((k) => k.startsWith('PAYMENT_'))).toEqual([]);
    }
  });
});
