// The projector alone publishes domain events (the Pro Store transfer, a lead's arrival and sales, all
// derived from the table's stream), and only to the default event bus it is told about.
import { describe, expect, it } from 'vitest';
import { AREAS } from '#shared/manifest.ts';
import { logicalIdOf, resourcesOf, synthesize, type Synthesized } from './support/synth.ts';

const synth: Synthesized = synthesize({ bundling: false });
const resources = resourcesOf(synth.template);

interface Statement {
  Action: string | string[];
  Resource: unknown;
}
const list = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);

/** The PutEvents statements of every IAM policy, with the roles they are attached to. */
const putEventsGrants = () =>
  Object.values(resources)
    .filter((r) => r.Type === 'AWS::IAM::Policy')
    .flatMap((p) => {
      const props = p.Properties as { Roles: { Ref: string }[]; PolicyDocument: { Statement: Statement[] } };
      return props.PolicyDocument.Statement.filter((s) => list(s.Action).includes('events:PutEvents')).map((s) => ({
        roles: props.Roles.map((r) => r.Ref),
        resource: s.Resource,
      }));
    });

const roleIdOf = (fnLogicalId: string) => (resources[fnLogicalId]!.Properties as { Role: { 'Fn::GetAtt': [string, string] } }).Role['Fn::GetAtt'][0];
const envOf = (fnLogicalId: string) => (resources[fnLogicalId]!.Properties as { Environment: { Variables: Record<string, unknown> } }).Environment.Variables;

describe('domain events', () => {
  it('only the projector (the domain events come from the table stream) may call events:PutEvents, on the default bus ARN only', () => {
    const publishers = [synth.stack.projector];
    const grants = putEventsGrants();
    expect(grants.map((g) => g.roles).sort()).toEqual(publishers.map((fn) => [roleIdOf(logicalIdOf(synth.stack, fn))]).sort());
    for (const grant of grants) {
      const arn = JSON.stringify(grant.resource);
      expect(arn).toContain(':event-bus/default');
      expect(arn).not.toBe('"*"');
    }
  });

  it('runs the Pro Store job with more agents in flight in AWS than the local default', () => {
    expect(envOf(logicalIdOf(synth.stack, synth.stack.jobFunctions.prostore)).PROSTORE_CONCURRENCY).toBe('64');
  });

  it('tells the publishers the bus name and no other function', () => {
    expect(envOf(logicalIdOf(synth.stack, synth.stack.projector)).EVENT_BUS_NAME).toBe('default');
    for (const area of AREAS) expect(envOf(logicalIdOf(synth.stack, synth.stack.areaFunctions[area]))).not.toHaveProperty('EVENT_BUS_NAME');
    for (const job of ['prostore', 'csvProcess', 'agentExport', 'leadRetry', 'leadRetention', 'balanceAlerts'] as const) expect(envOf(logicalIdOf(synth.stack, synth.stack.jobFunctions[job]))).not.toHaveProperty('EVENT_BUS_NAME');
  });
});
