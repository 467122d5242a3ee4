// The HTTP API carries exactly the routes of the manifest, each wired to its own area's Lambda (the
// live socket's WebSocket API and its routes are tests/infra/live-socket.test.ts's).
import { beforeAll, describe, expect, it } from 'vitest';
import { AREAS, ROUTES, routeKey } from '#shared/manifest.ts';
import { getAttTarget, logicalIdOf, resourcesOf, synthesize, type Resources, type Synthesized } from './support/synth.ts';

let synth: Synthesized;
let resources: Resources;

beforeAll(() => {
  synth = synthesize({ bundling: false });
  resources = resourcesOf(synth.template);
});

const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);
const httpApiId = () => ofType('AWS::ApiGatewayV2::Api').find(([, r]) => r.Properties?.ProtocolType === 'HTTP')![0];
const httpRoutes = () => ofType('AWS::ApiGatewayV2::Route').filter(([, r]) => (r.Properties?.ApiId as { Ref?: string }).Ref === httpApiId());

/** The Lambda logical id a route's integration invokes. */
function integratedFunction(route: { Properties?: Record<string, unknown> }): string | undefined {
  const target = route.Properties?.Target as { 'Fn::Join': [string, [string, { Ref: string }]] } | undefined;
  const integrationId = target?.['Fn::Join'][1][1].Ref;
  const integration = integrationId ? resources[integrationId] : undefined;
  expect(integration?.Properties).toMatchObject({ IntegrationType: 'AWS_PROXY', PayloadFormatVersion: '2.0' });
  return getAttTarget(integration?.Properties?.IntegrationUri, 'Arn');
}

describe('HTTP API routes', () => {
  it('has one route per manifest entry and no other', () => {
    const keys = httpRoutes().map(([, r]) => r.Properties?.RouteKey);
    expect(keys.sort()).toEqual(ROUTES.map(routeKey).sort());
  });

  it.each(ROUTES.map((route) => [routeKey(route), route.area] as const))(
    '%s is integrated with the %s Lambda',
    (key, area) => {
      const [, route] = httpRoutes().find(([, r]) => r.Properties?.RouteKey === key)!;
      expect(integratedFunction(route)).toBe(logicalIdOf(synth.stack, synth.stack.areaFunctions[area]));
    },
  );

  it.each([...AREAS])('API Gateway may invoke the %s Lambda from this API only', (area) => {
    const fnId = logicalIdOf(synth.stack, synth.stack.areaFunctions[area]);
    const permissions = ofType('AWS::Lambda::Permission').filter(
      ([, p]) => getAttTarget(p.Properties?.FunctionName, 'Arn') === fnId,
    );
    expect(permissions).toHaveLength(1);
    const [, permission] = permissions[0]!;
    expect(permission.Properties?.Principal).toBe('apigateway.amazonaws.com');
    expect(JSON.stringify(permission.Properties?.SourceArn)).toContain(`"Ref":"${httpApiId()}"`);
  });

  it('serves every area from an arm64 nodejs22.x ESM bundle exporting handler', () => {
    for (const area of AREAS) {
      const fn = resources[logicalIdOf(synth.stack, synth.stack.areaFunctions[area])]!;
      expect(fn.Properties).toMatchObject({ Runtime: 'nodejs22.x', Architectures: ['arm64'], Handler: 'index.handler' });
    }
  });
});
