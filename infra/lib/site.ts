// The site: a private bucket with the built frontend behind CloudFront (origin access control), and
// /api/* forwarded uncached to the HTTP API (/api/live to the WebSocket API), so browser and API share
// one origin and cookies stay first-party.
import { existsSync } from 'node:fs';
import { Construct } from 'constructs';
import { Aws, Duration, Stack, Validations } from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestCookieBehavior,
  OriginRequestHeaderBehavior,
  OriginRequestPolicy,
  OriginRequestQueryStringBehavior,
  PriceClass,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { Asset } from 'aws-cdk-lib/aws-s3-assets';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { LIVE_PATH } from '#shared/api/notifications.ts';
import { ORIGIN_HEADER } from '../functions/origin-header.ts';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { acknowledgeWildcardActions, acknowledgeWildcardResource } from './nag.ts';
import { privateBucketProps } from './private-buckets.ts';
import { LIVE_REWRITE_SOURCE } from './live-rewrite.ts';
import { SPA_REWRITE_SOURCE } from './spa-rewrite.ts';
import type { StageConfig } from './stage-config.ts';

export interface SiteProps {
  config: StageConfig;
  accessLogs: Bucket;
  /** Sent to the API as the origin header, which the API's authorizer requires. */
  originSecret: ISecret;
}

/**
 * The site's content security policy: what the app really loads. Scripts, styles and fonts come from
 * the build on this origin; Mantine sets styles inline (style attributes and the <style> tags of its
 * CSS variables), hence 'unsafe-inline' for styles only; the card provider's hosted form is the one
 * frame, and our return page runs inside that frame, so the provider is also an allowed ancestor.
 */
export function siteContentSecurityPolicy(paymentProviderUrl: string, uploadsOrigin: string): string {
  const provider = new URL(paymentProviderUrl).origin;
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    // CSV uploads go from the browser straight to the uploads bucket through a presigned PUT.
    `connect-src 'self' ${uploadsOrigin}`,
    `frame-src ${provider}`,
    `frame-ancestors 'self' ${provider}`,
    "form-action 'self'",
    "base-uri 'self'",
    "object-src 'none'",
    'upgrade-insecure-requests',
  ].join('; ');
}

/** The WebSocket API stage that /api/live reaches: `wss://{domainName}/{stageName}`. */
export interface LiveSocketOrigin {
  domainName: string;
  stageName: string;
}

/** Where presigned upload URLs point: the uploads bucket's virtual-hosted regional endpoint. */
export const UPLOADS_ORIGIN = `https://*.s3.${Aws.REGION}.amazonaws.com`;

/** API answers are data and redirects, never a page: nothing may be loaded, framed or run from them. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

export class Site extends Construct {
  readonly bucket: Bucket;
  readonly distribution: Distribution;
  /** `https://<host>` browsers use: the custom domain when configured, else CloudFront's. */
  readonly origin: string;
  private readonly originSecret: ISecret;

  constructor(scope: Construct, id: string, props: SiteProps) {
    super(scope, id);
    const { config } = props;
    this.originSecret = props.originSecret;
    this.bucket = new Bucket(this, 'Assets', privateBucketProps(config, props.accessLogs, 'site/'));

    const spaRewrite = new CloudFrontFunction(this, 'SpaRewrite', {
      code: FunctionCode.fromInline(SPA_REWRITE_SOURCE),
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Serves index.html for client-side routes',
    });

    const customDomain = config.siteDomain && config.certificateArn
      ? {
          domainNames: [config.siteDomain],
          certificate: Certificate.fromCertificateArn(this, 'Certificate', config.certificateArn),
          minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
        }
      : undefined;

    this.distribution = new Distribution(this, 'Distribution', {
      comment: `Lead portal (${config.stage})`,
      webAclId: config.webAclArn ?? this.publicFormsWebAcl(config).attrArn,
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: props.accessLogs,
      logFilePrefix: 'cloudfront/',
      ...customDomain,
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: this.headersPolicy('SiteHeaders', siteContentSecurityPolicy(config.paymentProviderUrl, UPLOADS_ORIGIN), undefined),
        functionAssociations: [{ function: spaRewrite, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
    });
    this.origin = `https://${config.siteDomain ?? this.distribution.distributionDomainName}`;

    Validations.of(this.distribution).acknowledge(
      { id: 'AwsSolutions-CFR1', reason: 'Agents and public sales forms are reached from anywhere; the spec sets no geographic limit.' },
    );
    if (!customDomain) {
      Validations.of(this.distribution).acknowledge({
        id: 'AwsSolutions-CFR4',
        reason: 'Without a custom domain CloudFront serves its default certificate, whose TLS policy cannot be set.',
      });
    }
  }

  /**
   * /api/* goes uncached to the API, with the origin header the API's authorizer requires. The value
   * is a CloudFormation reference to the secret, resolved at deployment, never written in the template.
   * /api/live goes to the live socket's WebSocket stage, ahead of the rest.
   */
  routeApi(apiDomainName: string, liveSocket: LiveSocketOrigin): void {
    // CloudFront takes the first behavior, in order, whose pattern matches; /api/* matches /api/live too.
    this.routeLiveSocket(liveSocket);
    const origin = new HttpOrigin(apiDomainName, {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      customHeaders: { [ORIGIN_HEADER]: this.originSecret.secretValue.unsafeUnwrap() },
    });
    const api = {
      viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: AllowedMethods.ALLOW_ALL,
      cachePolicy: CachePolicy.CACHING_DISABLED,
      responseHeadersPolicy: this.headersPolicy('ApiHeaders', API_CONTENT_SECURITY_POLICY, HeadersFrameOption.DENY),
    };
    // The public forms limit and record callers by address: CloudFront's CloudFront-Viewer-Address (the
    // viewer's, never the edge's, and never a header the caller writes), with the few viewer headers the
    // forms read; no cookies (no session there). Host stays the API's own name.
    this.distribution.addBehavior('/api/sales/*', origin, {
      ...api,
      originRequestPolicy: new OriginRequestPolicy(this, 'PublicFormsRequest', {
        comment: 'Public forms: the viewer address, no cookies',
        headerBehavior: OriginRequestHeaderBehavior.allowList('CloudFront-Viewer-Address', 'Origin', 'Content-Type', 'User-Agent'),
        cookieBehavior: OriginRequestCookieBehavior.none(),
        queryStringBehavior: OriginRequestQueryStringBehavior.all(),
      }),
    });
    // Cookies, query strings and headers (the vendors' Authorization included) reach the API; Host must be the API's own name.
    this.distribution.addBehavior('/api/*', origin, { ...api, originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER });
  }

  /**
   * The live socket's handshake (exactly LIVE_PATH) to the WebSocket stage's root: the origin's path is the
   * stage and a function turns the URI into `/` (infra/lib/live-rewrite.ts says why). Never cached; the
   * viewer's headers (Cookie for the session, Origin for the cross-site check, Upgrade and Sec-WebSocket-*
   * for the handshake), cookies and query string go through, Host stays the API's own name. GET is all a
   * WebSocket upgrade needs. No origin header: the WebSocket API has no authorizer to check one, and
   * $connect refuses any socket without the site's Origin and a signed-in agent's session.
   */
  private routeLiveSocket(liveSocket: LiveSocketOrigin): void {
    const rewrite = new CloudFrontFunction(this, 'LiveRewrite', {
      code: FunctionCode.fromInline(LIVE_REWRITE_SOURCE),
      runtime: FunctionRuntime.JS_2_0,
      comment: `Sends ${LIVE_PATH} to the root of the live socket's WebSocket stage`,
    });
    const origin = new HttpOrigin(liveSocket.domainName, {
      originPath: `/${liveSocket.stageName}`,
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
    });
    this.distribution.addBehavior(LIVE_PATH, origin, {
      viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
      cachePolicy: CachePolicy.CACHING_DISABLED,
      originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      functionAssociations: [{ function: rewrite, eventType: FunctionEventType.VIEWER_REQUEST }],
    });
  }

  /**
   * The site's web ACL (CloudFront scope, so made in us-east-1): a per-address rate rule on the public
   * forms, ahead of their own per-address limit in the API; everything else passes.
   */
  private publicFormsWebAcl(config: StageConfig): CfnWebACL {
    const visibility = (metricName: string) => ({ cloudWatchMetricsEnabled: true, metricName, sampledRequestsEnabled: true });
    return new CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(`leadportal-${config.stage}-site`),
      rules: [
        {
          name: 'PublicFormsPerAddress',
          priority: 0,
          action: { block: {} },
          visibilityConfig: visibility(`leadportal-${config.stage}-public-forms-per-address`),
          statement: {
            rateBasedStatement: {
              limit: config.publicFormsPerIpLimit,
              evaluationWindowSec: 300,
              aggregateKeyType: 'IP',
              scopeDownStatement: {
                byteMatchStatement: {
                  searchString: '/api/sales/',
                  fieldToMatch: { uriPath: {} },
                  positionalConstraint: 'STARTS_WITH',
                  textTransformations: [{ priority: 0, type: 'NONE' }],
                },
              },
            },
          },
        },
      ],
    });
  }

  /** Security headers set by CloudFront, overriding whatever the origin sent. */
  private headersPolicy(id: string, contentSecurityPolicy: string, frameOption: HeadersFrameOption | undefined): ResponseHeadersPolicy {
    return new ResponseHeadersPolicy(this, id, {
      comment: `Lead portal security headers (${id})`,
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy, override: true },
        contentTypeOptions: { override: true },
        // The site leaves framing to CSP frame-ancestors: X-Frame-Options cannot name the card
        // provider, whose hosted form frames our return page.
        ...(frameOption ? { frameOptions: { frameOption, override: true } } : {}),
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
        strictTransportSecurity: { accessControlMaxAge: Duration.days(365), includeSubdomains: true, override: true },
      },
    });
  }

  /** Upload `distDir` (the Vite build): hashed assets cached for a year, index.html always revalidated. */
  deployFrontend(distDir: string, config: StageConfig): void {
    if (!existsSync(distDir)) return;
    const logGroup = new LogGroup(this, 'DeployLogs', { retention: config.logRetention, removalPolicy: config.removalPolicy });
    // Our own role, as for the API functions, so the handler gets no managed policy with "*" logs rights.
    const role = new Role(this, 'DeployRole', { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
    role.addToPrincipalPolicy(
      new PolicyStatement({ actions: ['logs:CreateLogStream', 'logs:PutLogEvents'], resources: [logGroup.logGroupArn] }),
    );
    // One asset for both deployments, and its bucket known here so the grant on it can be named.
    const build = new Asset(this, 'Build', { path: distDir });
    const source = Source.bucket(build.bucket, build.s3ObjectKey);
    const common = { destinationBucket: this.bucket, sources: [source], role, logGroup, memoryLimit: 512 };
    const assets = new BucketDeployment(this, 'DeployAssets', {
      ...common,
      exclude: ['index.html'],
      cacheControl: [CacheControl.fromString('public, max-age=31536000, immutable')],
    });
    // index.html last, so it never points at assets that are not uploaded yet.
    const index = new BucketDeployment(this, 'DeployIndex', {
      ...common,
      exclude: ['*'],
      include: ['index.html'],
      prune: false,
      cacheControl: [CacheControl.noCache()],
    });
    index.node.addDependency(assets);

    const reason = 'CDK BucketDeployment copies the build from the CDK asset bucket into the site bucket with grants CDK defines.';
    acknowledgeWildcardActions(role, ['s3:GetObject*', 's3:GetBucket*', 's3:List*', 's3:DeleteObject*', 's3:Abort*'], reason);
    acknowledgeWildcardResource(role, build.bucket.arnForObjects('*'), reason);
    acknowledgeWildcardResource(role, this.bucket.arnForObjects('*'), reason);
    // The deployment's handler is a singleton CDK creates in the stack, not under this construct.
    const handler = Stack.of(this).node.children.find((child) => child.node.id.startsWith('Custom::CDKBucketDeployment'));
    if (handler) {
      Validations.of(handler).acknowledge({
        id: 'AwsSolutions-L1',
        reason: "BucketDeployment's handler is defined by aws-cdk-lib; its runtime moves with CDK upgrades.",
      });
    }
  }
}
