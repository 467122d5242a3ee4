// Issue 23's live socket in the template: a WebSocket API whose three routes go to the socket Lambda on a
// throttled, access-logged stage; the delivery function pushes through that stage's management endpoint with
// nothing but POST and DELETE on its connections; CloudFront sends exactly /api/live there (ahead of
// /api/*, uncached, rewritten to the stage root); and the socket function has its own alarm.
import { beforeAll, describe, expect, it } from 'vitest';
import { CachePolicy, OriginRequestPolicy } from 'aws-cdk-lib/aws-cloudfront';
import type { CfnRole } from 'aws-cdk-lib/aws-iam';
import { LIVE_PATH } from '#shared/api/notifications.ts';
import type { ApiFunction } from '../../infra/lib/api-function.ts';
import { LIVE_REWRITE_SOURCE } from '../../infra/lib/live-rewrite.ts';
import { THRESHOLDS } from '../../infra/lib/observability.ts';
import { getAttTarget, logicalIdOf, resourcesOf, synthesize, type Resources, type Synthesized } from './support/synth.ts';

const API_DOMAIN = { apiDomain: 'api.portal.example.com', apiCertificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc' };

let dev: Synthesized;
let prod: Synthesized;
let resources: Resources;

beforeAll(() => {
  dev = synthesize({ bundling: false });
  prod = synthesize({ bundling: false, context: { stage: 'prod', ...API_DOMAIN } });
  resources = resourcesOf(dev.template);
});

type Props = Record<string, unknown>;
interface Statement {
  Action: string | string[];
  Resource: unknown;
}
const list = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);
const ofType = (r: Resources, type: string) => Object.entries(r).filter(([, v]) => v.Type === type);
const webSocketApiId = (r: Resources) => {
  const apis = ofType(r, 'AWS::ApiGatewayV2::Api').filter(([, v]) => v.Properties?.ProtocolType === 'WEBSOCKET');
  expect(apis).toHaveLength(1);
  return apis[0]![0];
};
const ofWebSocketApi = (r: Resources, type: string) => ofType(r, type).filter(([, v]) => (v.Properties?.ApiId as { Ref?: string })?.Ref === webSocketApiId(r));
const envOf = (s: Synthesized, fn: ApiFunction) =>
  (resourcesOf(s.template)[logicalIdOf(s.stack, fn)]!.Properties as { Environment: { Variables: Record<string, unknown> } }).Environment.Variables;
const statementsOf = (s: Synthesized, fn: ApiFunction): Statement[] => {
  const roleId = s.stack.resolve(s.stack.getLogicalId(fn.role.node.defaultChild as CfnRole)) as string;
  return ofType(resourcesOf(s.template), 'AWS::IAM::Policy')
    .filter(([, p]) => list(p.Properties?.Roles).some((ref) => (ref as { Ref?: string }).Ref === roleId))
    .flatMap(([, p]) => (p.Properties as { PolicyDocument: { Statement: Statement[] } }).PolicyDocument.Statement);
};
/** `https://{api}.execute-api.{region}.{suffix}` and what follows, as CloudFormation joins it. */
const executeApi = (apiId: string, ...rest: string[]) => ({
  'Fn::Join': ['', [...(rest[0] === 'https' ? ['https://'] : []), { Ref: apiId }, '.execute-api.', { Ref: 'AWS::Region' }, '.', { Ref: 'AWS::URLSuffix' }, ...rest.slice(1)]],
});
const connectionsArn = (apiId: string, stage: string, method: string) => ({
  'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':execute-api:', { Ref: 'AWS::Region' }, ':', { Ref: 'AWS::AccountId' }, ':', { Ref: apiId }, `/${stage}/${method}/@connections/*`]],
});
const distribution = (s: Synthesized) => {
  const [found] = ofType(resourcesOf(s.template), 'AWS::CloudFront::Distribution');
  return found![1].Properties!.DistributionConfig as { CacheBehaviors: Props[]; Origins: Props[] };
};
const liveBehavior = (s: Synthesized) => distribution(s).CacheBehaviors.find((b) => b.PathPattern === LIVE_PATH)!;

describe('the WebSocket API', () => {
  it('has exactly the $connect, $disconnect and $default routes, each integrated (Lambda proxy) with the socket function', () => {
    const socketFn = logicalIdOf(dev.stack, dev.stack.liveSocket);
    const routes = ofWebSocketApi(resources, 'AWS::ApiGatewayV2::Route');
    expect(routes.map(([, r]) => r.Properties?.RouteKey).sort()).toEqual(['$connect', '$default', '$disconnect']);
    for (const [, route] of routes) {
      const integrationId = (route.Properties?.Target as { 'Fn::Join': [string, [string, { Ref: string }]] })['Fn::Join'][1][1].Ref;
      const integration = resources[integrationId]!.Properties!;
      expect(integration).toMatchObject({ ApiId: { Ref: webSocketApiId(resources) }, IntegrationType: 'AWS_PROXY' });
      const uriParts = (integration.IntegrationUri as { 'Fn::Join': [string, unknown[]] })['Fn::Join'][1];
      expect(uriParts.map((part) => getAttTarget(part, 'Arn')).filter(Boolean)).toEqual([socketFn]);
    }
  });

  it('lets API Gateway invoke the socket function from this API, one permission per route', () => {
    const socketFn = logicalIdOf(dev.stack, dev.stack.liveSocket);
    const permissions = ofType(resources, 'AWS::Lambda::Permission').filter(([, p]) => getAttTarget(p.Properties?.FunctionName, 'Arn') === socketFn);
    expect(permissions).toHaveLength(3);
    const sources = permissions.map(([, p]) => {
      expect(p.Properties?.Principal).toBe('apigateway.amazonaws.com');
      const parts = (p.Properties?.SourceArn as { 'Fn::Join': [string, unknown[]] })['Fn::Join'][1];
      expect(parts).toContainEqual({ Ref: webSocketApiId(resources) });
      return parts.at(-1);
    });
    expect(sources.sort()).toEqual(['/*$connect', '/*$default', '/*$disconnect']);
  });

  // compliance.test.ts bundles it for real: built from functions/live/socket.ts, it loads and exports handler.
  it('runs the socket function as the other functions run (arm64 nodejs22.x, X-Ray) with the stage, the table and the site origin, and gives it no push rights', () => {
    const fn = resources[logicalIdOf(dev.stack, dev.stack.liveSocket)]!.Properties!;
    expect(fn).toMatchObject({ Runtime: 'nodejs22.x', Architectures: ['arm64'], Handler: 'index.handler', TracingConfig: { Mode: 'Active' } });
    expect(fn.Description).toMatch(/\$connect, \$disconnect, \$default/);
    const env = envOf(dev, dev.stack.liveSocket);
    expect(env).toMatchObject({ STAGE: 'dev', TABLE_NAME: { Ref: expect.stringMatching(/^DataTable/) } });
    expect(JSON.stringify(env.APP_ORIGIN)).toContain('DomainName');
    // It answers sockets; it pushes nothing.
    expect(env).not.toHaveProperty('LIVE_PUSH_ENDPOINT');
    const actions = statementsOf(dev, dev.stack.liveSocket).flatMap((s) => list(s.Action));
    expect(actions).toEqual(expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem']));
    expect(actions).not.toContain('dynamodb:Scan');
    expect(actions).not.toContain('execute-api:ManageConnections');
  });

  it('deploys one auto-deployed stage named after the deployment stage, throttled and access-logged as JSON', () => {
    const stages = ofWebSocketApi(resources, 'AWS::ApiGatewayV2::Stage');
    expect(stages).toHaveLength(1);
    const [stageId, stage] = stages[0]!;
    expect(stage.Properties).toMatchObject({
      StageName: 'dev',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: 20, ThrottlingBurstLimit: 40 },
      AccessLogSettings: { DestinationArn: { 'Fn::GetAtt': [expect.stringMatching(/^LiveAccessLogs/), 'Arn'] } },
    });
    const format = JSON.parse((stage.Properties!.AccessLogSettings as { Format: string }).Format) as Record<string, string>;
    expect(format).toMatchObject({ routeKey: '$context.routeKey', eventType: '$context.eventType', status: '$context.status', connectionId: '$context.connectionId' });
    expect(Object.values(format)).not.toContain('$context.identity.sourceIp');
    // A WebSocket stage logs through the account's API Gateway role, which must be set before the stage.
    const [accountId, account] = ofType(resources, 'AWS::ApiGateway::Account')[0]!;
    expect(resources[stageId]!.DependsOn).toContain(accountId);
    const roleId = getAttTarget(account.Properties?.CloudWatchRoleArn, 'Arn')!;
    expect(JSON.stringify(resources[roleId]!.Properties?.AssumeRolePolicyDocument)).toContain('apigateway.amazonaws.com');
    expect(JSON.stringify(resources[roleId]!.Properties?.ManagedPolicyArns)).toContain(':iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs');
    expect(dev.template.toJSON().Resources[accountId].DeletionPolicy).toBe('Retain');
    expect(dev.template.toJSON().Resources[roleId].DeletionPolicy).toBe('Retain');
  });

  it('in prod is throttled by the prod limits on a stage named prod', () => {
    const prodResources = resourcesOf(prod.template);
    const stages = ofWebSocketApi(prodResources, 'AWS::ApiGatewayV2::Stage');
    expect(stages).toHaveLength(1);
    expect(stages[0]![1].Properties).toMatchObject({ StageName: 'prod', DefaultRouteSettings: { ThrottlingRateLimit: 100, ThrottlingBurstLimit: 200 } });
  });
});

describe('pushing from the delivery function', () => {
  it("sets LIVE_PUSH_ENDPOINT to the stage's management endpoint https://{api}.execute-api.{region}.amazonaws.com/{stage}", () => {
    const apiId = webSocketApiId(resources);
    expect(envOf(dev, dev.stack.deliveries).LIVE_PUSH_ENDPOINT).toEqual(executeApi(apiId, 'https', '/dev'));
    expect(envOf(prod, prod.stack.deliveries).LIVE_PUSH_ENDPOINT).toEqual(executeApi(webSocketApiId(resourcesOf(prod.template)), 'https', '/prod'));
  });

  it("grants execute-api:ManageConnections for POST and DELETE on this stage's connections, nothing wider", () => {
    const apiId = webSocketApiId(resources);
    const manage = statementsOf(dev, dev.stack.deliveries).filter((s) => list(s.Action).some((a) => a.startsWith('execute-api:')));
    expect(manage).toHaveLength(1);
    expect(list(manage[0]!.Action)).toEqual(['execute-api:ManageConnections']);
    // In either order (CDK may sort a statement's resources).
    expect(list(manage[0]!.Resource)).toHaveLength(2);
    expect(list(manage[0]!.Resource)).toEqual(expect.arrayContaining([connectionsArn(apiId, 'dev', 'POST'), connectionsArn(apiId, 'dev', 'DELETE')]));
  });

  it('is the only function that may manage connections (the projector no longer pushes)', () => {
    const functions: ApiFunction[] = [
      ...Object.values(dev.stack.areaFunctions),
      ...Object.values(dev.stack.jobFunctions),
      dev.stack.projector,
      dev.stack.webhookWorker,
      dev.stack.liveSocket,
      dev.stack.api.authorizerFunction,
    ];
    for (const fn of functions) {
      expect(statementsOf(dev, fn).flatMap((s) => list(s.Action)), fn.node.path).not.toContain('execute-api:ManageConnections');
      expect(envOf(dev, fn), fn.node.path).not.toHaveProperty('LIVE_PUSH_ENDPOINT');
    }
  });
});

describe('CloudFront /api/live', () => {
  it('is matched before /api/* (and every other /api behavior)', () => {
    const patterns = distribution(dev).CacheBehaviors.map((b) => b.PathPattern);
    expect(patterns[0]).toBe('/api/live');
    expect(patterns.indexOf('/api/live')).toBeLessThan(patterns.indexOf('/api/*'));
    expect(patterns.filter((p) => p === '/api/live')).toHaveLength(1);
  });

  it('goes uncached, over HTTPS, with the viewer headers and cookies but not Host, for GET and HEAD only', () => {
    expect(liveBehavior(dev)).toMatchObject({
      CachePolicyId: CachePolicy.CACHING_DISABLED.cachePolicyId,
      OriginRequestPolicyId: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId,
      AllowedMethods: ['GET', 'HEAD'],
      ViewerProtocolPolicy: 'https-only',
    });
    expect(CachePolicy.CACHING_DISABLED.cachePolicyId).toBe('4135ea2d-6df8-44a3-9df3-4b5a84be39ad');
    expect(OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId).toBe('b689b0a8-53d0-40ab-baf2-68738e2966ac');
  });

  it('reaches the WebSocket API by its execute-api name, with the stage as origin path, over HTTPS', () => {
    const origin = distribution(dev).Origins.find((o) => o.Id === liveBehavior(dev).TargetOriginId)!;
    expect(origin).toMatchObject({
      DomainName: executeApi(webSocketApiId(resources)),
      OriginPath: '/dev',
      CustomOriginConfig: { OriginProtocolPolicy: 'https-only' },
    });
    const prodOrigin = distribution(prod).Origins.find((o) => o.Id === liveBehavior(prod).TargetOriginId)!;
    expect(prodOrigin.OriginPath).toBe('/prod');
  });

  it('rewrites /api/live to / on viewer request, so the stage origin path makes it /{stage}/', () => {
    const [association] = liveBehavior(dev).FunctionAssociations as { EventType: string; FunctionARN: unknown }[];
    expect(association!.EventType).toBe('viewer-request');
    const functionId = getAttTarget(association!.FunctionARN, 'FunctionARN')!;
    const fn = resources[functionId]!.Properties as { FunctionCode: string; FunctionConfig: { Runtime: string } };
    expect(fn.FunctionConfig.Runtime).toBe('cloudfront-js-2.0');
    expect(fn.FunctionCode).toBe(LIVE_REWRITE_SOURCE);
    // The deployed code itself, run on a request as CloudFront would hand it over.
    const handler = new Function(`${fn.FunctionCode}\nreturn handler;`)() as (event: { request: { uri: string } }) => { uri: string };
    expect(handler({ request: { uri: '/api/live' } }).uri).toBe('/');
  });
});

describe('observability of the live socket', () => {
  it("alarms on the socket function's errors, to the topic", () => {
    const topic = ofType(resources, 'AWS::SNS::Topic')[0]![0];
    dev.template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/Lambda',
      MetricName: 'Errors',
      Statistic: 'Sum',
      Threshold: THRESHOLDS.liveSocketErrors,
      ComparisonOperator: 'GreaterThanThreshold',
      Dimensions: [{ Name: 'FunctionName', Value: { Ref: logicalIdOf(dev.stack, dev.stack.liveSocket) } }],
      AlarmActions: [{ Ref: topic }],
      OKActions: [{ Ref: topic }],
    });
    expect(THRESHOLDS.liveSocketErrors).toBe(0);
  });

  it('shows the sockets (connects, messages, API errors), the pushes and the socket function on the dashboard', () => {
    const dashboards = ofType(resources, 'AWS::CloudWatch::Dashboard');
    expect(dashboards).toHaveLength(1);
    const body = JSON.stringify(dashboards[0]![1].Properties?.DashboardBody);
    for (const name of ['ConnectCount', 'MessageCount', 'ExecutionError', 'IntegrationError', 'LivePushes', 'LivePushFailures', 'socket function errors']) expect(body).toContain(name);
    expect(body).toContain(webSocketApiId(resources));
    expect(body).toContain(logicalIdOf(dev.stack, dev.stack.liveSocket));
  });
});
