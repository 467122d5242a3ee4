// The API is reached only through CloudFront (an origin header its authorizer checks, and in prod no
// execute-api endpoint at all), is throttled per stage with tighter public routes, the public
// functions have reserved concurrency, CloudFront sets a content security policy on the site and on
// /api/*, and sign-in runs with Cognito threat protection.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Match } from 'aws-cdk-lib/assertions';
import { AREAS, ROUTES, routeKey } from '#shared/manifest.ts';
import { REPO_ROOT } from '../../infra/lib/bundling.ts';
import { createApp } from '../../infra/lib/create-app.ts';
import { appOutdir, logicalIdOf, resourcesOf, synthesize, type Synthesized } from './support/synth.ts';

const API_DOMAIN = { apiDomain: 'api.portal.example.com', apiCertificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc' };
const dev: Synthesized = synthesize({ bundling: false });
const prod: Synthesized = synthesize({ bundling: false, context: { stage: 'prod', ...API_DOMAIN } });

type Props = Record<string, unknown>;
const only = (synth: Synthesized, type: string): Props => {
  const found = Object.values(synth.template.findResources(type));
  expect(found).toHaveLength(1);
  return found[0]!.Properties as Props;
};
/** The HTTP API's own resources of a type (the live socket's WebSocket API has its own: live-socket.test.ts). */
const ofHttpApi = (synth: Synthesized, type: string): Props[] => {
  const apis = Object.entries(synth.template.findResources('AWS::ApiGatewayV2::Api')).filter(([, r]) => r.Properties.ProtocolType === 'HTTP');
  expect(apis).toHaveLength(1);
  return Object.values(synth.template.findResources(type))
    .filter((r) => (r.Properties.ApiId as { Ref?: string }).Ref === apis[0]![0])
    .map((r) => r.Properties as Props);
};
const httpStage = (synth: Synthesized): Props => {
  const stages = ofHttpApi(synth, 'AWS::ApiGatewayV2::Stage');
  expect(stages).toHaveLength(1);
  return stages[0]!;
};
const distribution = (synth: Synthesized) => (only(synth, 'AWS::CloudFront::Distribution').DistributionConfig as Props);
const apiBehavior = (synth: Synthesized) =>
  (distribution(synth).CacheBehaviors as Props[]).find((b) => b.PathPattern === '/api/*')!;
const apiOrigin = (synth: Synthesized) => (distribution(synth).Origins as Props[]).find((o) => o.Id === apiBehavior(synth).TargetOriginId)!;

describe('API throttling', () => {
  it('limits every route by the stage default, each public form route (and the alerts\' public unsubscribe) more tightly, and vendor intake by its own limit', () => {
    const stage = httpStage(dev);
    expect(stage.DefaultRouteSettings).toEqual({ ThrottlingRateLimit: 50, ThrottlingBurstLimit: 100 });
    const formKeys = ROUTES.filter((r) => r.area === 'sales' || r.id === 'account.unsubscribeAlerts').map(routeKey);
    const intakeKeys = ROUTES.filter((r) => r.area === 'intake').map(routeKey);
    expect(formKeys.length * intakeKeys.length).toBeGreaterThan(0);
    expect(Object.keys(stage.RouteSettings as Props).sort()).toEqual([...formKeys, ...intakeKeys].sort());
    for (const key of formKeys) expect((stage.RouteSettings as Props)[key]).toEqual({ ThrottlingRateLimit: 5, ThrottlingBurstLimit: 10 });
    for (const key of intakeKeys) expect((stage.RouteSettings as Props)[key]).toEqual({ ThrottlingRateLimit: 50, ThrottlingBurstLimit: 100 });
    const prodStage = httpStage(prod);
    expect((prodStage.RouteSettings as Props)[intakeKeys[0]!]).toEqual({ ThrottlingRateLimit: 500, ThrottlingBurstLimit: 1000 });
  });

  it('takes its limits from stage context', () => {
    const { app, stack } = createApp({ context: { 'aws:cdk:bundling-stacks': [], apiRateLimit: 7, apiBurstLimit: 9 }, builtinValidation: false, outdir: appOutdir() });
    const stage = Object.values(app.synth().getStackByName(stack.stackName).template.Resources as Record<string, { Type: string; Properties: Props }>).find(
      (r) => r.Type === 'AWS::ApiGatewayV2::Stage' && (r.Properties.ApiId as { Ref: string }).Ref.startsWith('HttpApi'),
    )!;
    expect(stage.Properties.DefaultRouteSettings).toEqual({ ThrottlingRateLimit: 7, ThrottlingBurstLimit: 9 });
  });
});

describe('reserved concurrency', () => {
  it('is set on the public sales and intake functions only', () => {
    const resources = resourcesOf(dev.template);
    const reserved = Object.fromEntries(
      AREAS.map((area) => [area, resources[logicalIdOf(dev.stack, dev.stack.areaFunctions[area])]!.Properties?.ReservedConcurrentExecutions]).filter(
        ([, value]) => value !== undefined,
      ),
    );
    expect(reserved).toEqual({ sales: 2, intake: 5 });
  });
});

describe('the public forms at the edge', () => {
  it('rate-limits each viewer address on /api/sales/* with a web ACL on the distribution', () => {
    const acl = only(dev, 'AWS::WAFv2::WebACL');
    expect(acl).toMatchObject({ Scope: 'CLOUDFRONT', DefaultAction: { Allow: {} } });
    const [rule] = acl.Rules as Props[];
    expect(rule).toMatchObject({
      Action: { Block: {} },
      Statement: {
        RateBasedStatement: {
          Limit: 300,
          EvaluationWindowSec: 300,
          AggregateKeyType: 'IP',
          ScopeDownStatement: { ByteMatchStatement: { SearchString: '/api/sales/', FieldToMatch: { UriPath: {} }, PositionalConstraint: 'STARTS_WITH' } },
        },
      },
    });
    expect(distribution(dev).WebACLId).toEqual({ 'Fn::GetAtt': [expect.stringMatching(/WebAcl/), 'Arn'] });
  });

  it('uses a web ACL made elsewhere when given, and refuses a region where it cannot make one', () => {
    const arn = 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/x/1';
    const given = synthesize({ bundling: false, context: { webAclArn: arn } });
    expect(distribution(given).WebACLId).toBe(arn);
    given.template.resourceCountIs('AWS::WAFv2::WebACL', 0);
    expect(() => createApp({ context: { region: 'eu-west-1', account: '123456789012', 'aws:cdk:bundling-stacks': [] }, outdir: appOutdir() })).toThrow(/webAclArn/);
  });

  it("forwards the viewer's address (CloudFront-Viewer-Address) and no cookies to the forms, ahead of /api/*", () => {
    const behaviors = distribution(dev).CacheBehaviors as Props[];
    // The live socket's /api/live comes first (live-socket.test.ts).
    expect(behaviors.map((b) => b.PathPattern)).toEqual(['/api/live', '/api/sales/*', '/api/*']);
    const policy = only(dev, 'AWS::CloudFront::OriginRequestPolicy').OriginRequestPolicyConfig as Props;
    expect(policy).toMatchObject({
      HeadersConfig: { HeaderBehavior: 'whitelist', Headers: expect.arrayContaining(['CloudFront-Viewer-Address']) },
      CookiesConfig: { CookieBehavior: 'none' },
    });
    expect(behaviors[1]!.TargetOriginId).toBe(behaviors[2]!.TargetOriginId);
  });
});

describe('no way around CloudFront', () => {
  it('puts the origin-header authorizer on every route, answered from cache by the header value', () => {
    const routes = ofHttpApi(dev, 'AWS::ApiGatewayV2::Route');
    expect(routes).toHaveLength(ROUTES.length);
    for (const route of routes) expect(route).toMatchObject({ AuthorizationType: 'CUSTOM', AuthorizerId: { Ref: expect.stringMatching(/OriginVerify/) } });
    dev.template.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'REQUEST',
      IdentitySource: ['$request.header.x-origin-verify'],
      EnableSimpleResponses: true,
      AuthorizerResultTtlInSeconds: 300,
    });
  });

  it('has CloudFront send the generated secret by reference, never its value', () => {
    const headers = apiOrigin(dev).OriginCustomHeaders as { HeaderName: string; HeaderValue: unknown }[];
    expect(headers).toHaveLength(1);
    expect(headers[0]!.HeaderName).toBe('x-origin-verify');
    expect(JSON.stringify(headers[0]!.HeaderValue)).toMatch(/\{\{resolve:secretsmanager:.*:SecretString:::\}\}/);
    dev.template.hasResourceProperties('AWS::SecretsManager::Secret', { GenerateSecretString: Match.objectLike({ PasswordLength: 48 }) });
  });

  it('lets only the authorizer read the origin secret', () => {
    const readers = Object.entries(dev.template.findResources('AWS::IAM::Policy')).filter(([, p]) =>
      JSON.stringify(p.Properties).includes('OriginSecret'),
    );
    expect(readers.map(([id]) => id)).toEqual([expect.stringMatching(/HttpOriginVerify/)]);
  });

  it('in prod disables the execute-api endpoint and reaches the API by its own domain', () => {
    const httpApi = Object.values(prod.template.findResources('AWS::ApiGatewayV2::Api')).filter((r) => r.Properties.ProtocolType === 'HTTP');
    expect(httpApi).toHaveLength(1);
    expect(httpApi[0]!.Properties.DisableExecuteApiEndpoint).toBe(true);
    expect(only(prod, 'AWS::ApiGatewayV2::DomainName')).toMatchObject({
      DomainName: API_DOMAIN.apiDomain,
      DomainNameConfigurations: [expect.objectContaining({ CertificateArn: API_DOMAIN.apiCertificateArn })],
    });
    prod.template.resourceCountIs('AWS::ApiGatewayV2::ApiMapping', 1);
    expect(apiOrigin(prod).DomainName).toBe(API_DOMAIN.apiDomain);
    expect(prod.artifact.template.Outputs).toHaveProperty('ApiDomainTarget');
  });

  it('refuses to synthesize prod without the API domain and its certificate', () => {
    expect(() => createApp({ context: { stage: 'prod', 'aws:cdk:bundling-stacks': [] }, outdir: appOutdir() })).toThrow(/apiDomain/);
    expect(() => createApp({ context: { apiDomain: 'api.example.com', 'aws:cdk:bundling-stacks': [] }, outdir: appOutdir() })).toThrow(/together/);
  });
});

describe('content security policy', () => {
  const policies = () =>
    Object.fromEntries(
      Object.values(dev.template.findResources('AWS::CloudFront::ResponseHeadersPolicy')).map((p) => {
        const config = p.Properties.ResponseHeadersPolicyConfig as Props & { SecurityHeadersConfig: Props };
        return [String(config.Comment), config.SecurityHeadersConfig];
      }),
    );
  /** The policy as text; parts CloudFormation fills in at deploy (the region) read `${AWS::Region}`. */
  const csp = (config: Props) => {
    const value = (config.ContentSecurityPolicy as { ContentSecurityPolicy: unknown }).ContentSecurityPolicy;
    if (typeof value === 'string') return value;
    const [separator, parts] = (value as { 'Fn::Join': [string, unknown[]] })['Fn::Join'];
    return parts.map((p) => (typeof p === 'string' ? p : `\${${(p as { Ref: string }).Ref}}`)).join(separator);
  };

  it('on the site allows only this origin, Mantine inline styles and the card provider frame', () => {
    const site = Object.entries(policies()).find(([comment]) => /SiteHeaders/.test(comment))![1];
    const policy = csp(site);
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe/);
    expect(policy).toContain("style-src 'self' 'unsafe-inline'");
    expect(policy).toContain('frame-src https://payments-sandbox.example.com');
    expect(policy).toContain("frame-ancestors 'self' https://payments-sandbox.example.com");
    expect(policy).toContain("object-src 'none'");
    // The browser PUTs CSV uploads straight to the uploads bucket (presigned), nowhere else.
    expect(policy).toContain("connect-src 'self' https://*.s3.${AWS::Region}.amazonaws.com;");
    expect(site.StrictTransportSecurity).toMatchObject({ AccessControlMaxAgeSec: 31536000, Override: true });
    expect(distribution(dev).DefaultCacheBehavior).toMatchObject({ ResponseHeadersPolicyId: { Ref: expect.stringMatching(/SiteHeaders/) } });
  });

  it('allows what frontend/index.html loads: its module script and inline styles, no inline script', () => {
    const html = readFileSync(path.join(REPO_ROOT, 'frontend/index.html'), 'utf8');
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) expect(attributes).toMatch(/\bsrc="\/[^"]+"/);
    expect(html).not.toMatch(/\son[a-z]+=/);
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
  });

  it('on /api/* allows nothing to load or frame', () => {
    const api = Object.entries(policies()).find(([comment]) => /ApiHeaders/.test(comment))![1];
    expect(csp(api)).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'");
    expect(api.FrameOptions).toEqual({ FrameOption: 'DENY', Override: true });
    expect(apiBehavior(dev)).toMatchObject({ ResponseHeadersPolicyId: { Ref: expect.stringMatching(/ApiHeaders/) } });
  });
});

describe('sign-in protection', () => {
  it('runs Cognito threat protection enforced, on the Plus plan, with authenticator-app MFA', () => {
    dev.template.hasResourceProperties('AWS::Cognito::UserPool', {
      UserPoolTier: 'PLUS',
      UserPoolAddOns: { AdvancedSecurityMode: 'ENFORCED' },
      MfaConfiguration: 'OPTIONAL',
      EnabledMfas: ['SOFTWARE_TOKEN_MFA'],
    });
  });
});
