// The site serves the SPA and forwards /api/* uncached to the API; sign-in is a public Cognito client
// using the code flow; the frontend is deployed only when a build exists.
import { beforeAll, describe, expect, it } from 'vitest';
import { Match } from 'aws-cdk-lib/assertions';
import type { CfnRole } from 'aws-cdk-lib/aws-iam';
import { CachePolicy, OriginRequestPolicy } from 'aws-cdk-lib/aws-cloudfront';
import { FRONTEND_FIXTURE, logicalIdOf, resourcesOf, synthesize, type Synthesized } from './support/synth.ts';

let withoutBuild: Synthesized;
let withBuild: Synthesized;

beforeAll(() => {
  withoutBuild = synthesize({ bundling: false });
  withBuild = synthesize({ bundling: false, frontendDist: FRONTEND_FIXTURE });
});

const distributionConfig = () => {
  const [distribution] = Object.values(withoutBuild.template.findResources('AWS::CloudFront::Distribution'));
  return distribution!.Properties.DistributionConfig;
};

describe('CloudFront', () => {
  it('forwards /api/* to the HTTP API without caching and with everything but Host', () => {
    const config = distributionConfig();
    const api = config.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === '/api/*');
    expect(api).toMatchObject({
      CachePolicyId: CachePolicy.CACHING_DISABLED.cachePolicyId,
      OriginRequestPolicyId: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId,
      AllowedMethods: expect.arrayContaining(['POST', 'PUT', 'PATCH', 'DELETE']),
    });
    const origin = config.Origins.find((o: { Id: string }) => o.Id === api.TargetOriginId);
    expect(JSON.stringify(origin.DomainName)).toContain('ApiEndpoint');
  });

  it('serves the bucket through origin access control and rewrites client routes with a function, not error pages', () => {
    const config = distributionConfig();
    expect(config.CustomErrorResponses).toBeUndefined();
    expect(config.DefaultCacheBehavior.FunctionAssociations).toEqual([
      { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [expect.stringMatching(/SpaRewrite/), 'FunctionARN'] } },
    ]);
    const s3Origin = config.Origins.find((o: { Id: string }) => o.Id === config.DefaultCacheBehavior.TargetOriginId);
    expect(s3Origin.OriginAccessControlId).toBeDefined();
  });
});

describe('frontend deployment', () => {
  it('is left out when there is no build', () => {
    withoutBuild.template.resourceCountIs('Custom::CDKBucketDeployment', 0);
  });

  it('uploads a build, index.html after the hashed assets', () => {
    const deployments = withBuild.template.findResources('Custom::CDKBucketDeployment');
    expect(Object.keys(deployments)).toHaveLength(2);
    const index = Object.entries(deployments).find(([id]) => /DeployIndex/.test(id))!;
    const assets = Object.keys(deployments).find((id) => /DeployAssets/.test(id))!;
    expect(index[1].DependsOn).toContain(assets);
  });
});

describe('sign-in', () => {
  it('is a public code-flow client calling back to the site', () => {
    withoutBuild.template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      AllowedOAuthFlows: ['code'],
      AllowedOAuthScopes: Match.arrayWith(['openid']),
      CallbackURLs: [{ 'Fn::Join': ['', ['https://', Match.anyValue(), '/api/auth/callback']] }],
      LogoutURLs: [{ 'Fn::Join': ['', ['https://', Match.anyValue(), '/api/auth/signin']] }],
    });
    withoutBuild.template.hasResourceProperties('AWS::Cognito::UserPoolDomain', { Domain: 'leadportal-dev' });
  });

  it('checks staff MFA with the user\'s own access token: the user API scope, TOTP, no trigger, no device skipping, no Cognito IAM', () => {
    withoutBuild.template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      AllowedOAuthScopes: Match.arrayWith(['openid', 'aws.cognito.signin.user.admin']),
      ExplicitAuthFlows: ['ALLOW_REFRESH_TOKEN_AUTH'],
    });
    const [pool] = Object.values(withoutBuild.template.findResources('AWS::Cognito::UserPool'));
    expect(pool!.Properties).toMatchObject({ MfaConfiguration: 'OPTIONAL', EnabledMfas: ['SOFTWARE_TOKEN_MFA'] });
    // A remembered device could skip the TOTP challenge the check relies on; no trigger is involved.
    expect(pool!.Properties.DeviceConfiguration).toBeUndefined();
    expect(pool!.Properties.LambdaConfig).toBeUndefined();
    const statements = Object.values(withoutBuild.template.findResources('AWS::IAM::Policy')).flatMap(
      (p) => (p.Properties as { PolicyDocument: { Statement: { Action: string | string[] }[] } }).PolicyDocument.Statement,
    );
    // The only Cognito rights anywhere: creating the sign-in of a person invited to the partner portal,
    // and removing that of a user removed from it (issue 24).
    expect([...new Set(statements.flatMap((s) => [s.Action].flat()).filter((a) => a.startsWith('cognito-idp:')))].sort()).toEqual(['cognito-idp:AdminCreateUser', 'cognito-idp:AdminDeleteUser']);
  });

  it('lets only the vendors and partner areas create partner-portal sign-ins, and only the partner area remove them, on the user pool alone', () => {
    const all = resourcesOf(withoutBuild.template);
    const poolRef = Object.keys(withoutBuild.template.findResources('AWS::Cognito::UserPool'))[0]!;
    const creators = Object.values(all)
      .filter((r) => r.Type === 'AWS::IAM::Policy')
      .flatMap((p) => {
        const doc = (p.Properties as { PolicyDocument: { Statement: { Action: string | string[]; Resource: unknown }[] }; Roles: { Ref: string }[] });
        return doc.PolicyDocument.Statement.filter((st) => [st.Action].flat().includes('cognito-idp:AdminCreateUser')).map((st) => ({ roles: doc.Roles.map((r) => r.Ref), resource: st.Resource }));
      });
    const roleOf = (area: 'vendors' | 'partner') => withoutBuild.stack.resolve(withoutBuild.stack.getLogicalId(withoutBuild.stack.areaFunctions[area].role.node.defaultChild as CfnRole)) as string;
    expect(creators.flatMap((c) => c.roles).sort()).toEqual([roleOf('partner'), roleOf('vendors')].sort());
    for (const c of creators) expect(c.resource).toEqual({ 'Fn::GetAtt': [poolRef, 'Arn'] });
    const removers = Object.values(all)
      .filter((r) => r.Type === 'AWS::IAM::Policy')
      .flatMap((p) => {
        const doc = p.Properties as { PolicyDocument: { Statement: { Action: string | string[] }[] }; Roles: { Ref: string }[] };
        return doc.PolicyDocument.Statement.some((st) => [st.Action].flat().includes('cognito-idp:AdminDeleteUser')) ? doc.Roles.map((r) => r.Ref) : [];
      });
    expect(removers).toEqual([roleOf('partner')]);
    for (const area of ['vendors', 'partner'] as const) {
      const fn = all[logicalIdOf(withoutBuild.stack, withoutBuild.stack.areaFunctions[area])]!;
      expect((fn.Properties as { Environment: { Variables: Record<string, unknown> } }).Environment.Variables.USER_POOL_ID).toEqual({ Ref: poolRef });
    }
  });

  it('gives the auth area the issuer and client id', () => {
    const auth = resourcesOf(withoutBuild.template)[logicalIdOf(withoutBuild.stack, withoutBuild.stack.areaFunctions.auth)]!;
    const env = (auth.Properties as { Environment: { Variables: Record<string, unknown> } }).Environment.Variables;
    expect(env.OIDC_ISSUER).toEqual({
      'Fn::Join': ['', ['https://cognito-idp.', { Ref: 'AWS::Region' }, '.', { Ref: 'AWS::URLSuffix' }, '/', { Ref: expect.stringMatching(/AuthUsers/) }]],
    });
    expect(env.OIDC_CLIENT_ID).toEqual({ Ref: expect.stringMatching(/AuthUsersPortal/) });
  });

  it('keeps secrets out of the template', () => {
    // The one allowed mention: CloudFront's origin header as a reference CloudFormation resolves at deployment.
    const reference = /"\{\{resolve:secretsmanager:",\{"Ref":"OriginSecret\w+"\},":SecretString:::\}\}"/g;
    const template = JSON.stringify(withoutBuild.template.toJSON());
    expect(template.match(reference)).toHaveLength(1);
    // Secrets Manager generates the secrets' values itself (GenerateSecretString names only their shape):
    // the origin secret, the alerts' unsubscribe key and the webhook signing key.
    const generated = /"GenerateSecretString":\{"ExcludePunctuation":true,"PasswordLength":\d+\}/g;
    expect(template.match(generated)).toHaveLength(3);
    expect(template.replace(reference, '').replace(generated, '')).not.toMatch(/SecretString|ClientSecret/);
  });
});
