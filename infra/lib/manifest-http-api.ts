// The HTTP API: one route per entry of the route manifest, each integrated with its area's Lambda.
// No route is written by hand; adding one to shared/manifest.ts adds it here.
import { Construct } from 'constructs';
import { Duration, Fn, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import type {
  CfnStage} from 'aws-cdk-lib/aws-apigatewayv2';
import {
  ApiMapping,
  DomainName,
  HttpApi,
  type HttpMethod,
  HttpRoute,
  HttpRouteKey,
  HttpStage,
  LogGroupLogDestination,
  PayloadFormatVersion,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaAuthorizer, HttpLambdaResponseType } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { AREAS, type Area, ROUTES, routeKey } from '#shared/manifest.ts';
import { ORIGIN_HEADER } from '../functions/origin-header.ts';
import { ApiFunction } from './api-function.ts';
import type { StageConfig } from './stage-config.ts';

/** Route keys, never raw paths: paths carry e-mail addresses and other personal data. */
const ACCESS_LOG_FORMAT = AccessLogFormat.custom(
  JSON.stringify({
    requestId: '$context.requestId',
    time: '$context.requestTime',
    routeKey: '$context.routeKey',
    status: '$context.status',
    latencyMs: '$context.responseLatency',
    integrationLatencyMs: '$context.integrationLatency',
    integrationError: '$context.integrationErrorMessage',
    responseLength: '$context.responseLength',
  }),
);

/** Areas anyone on the internet may call without a session: the sales forms and vendor intake. */
export const PUBLIC_AREAS: readonly Area[] = ['sales', 'intake'];

export interface ManifestHttpApiProps {
  config: StageConfig;
  /** The secret CloudFront sends in the origin header; the authorizer of every route checks it. */
  originSecret: ISecret;
  /** Origin of the site, for the authorizer function's settings. */
  siteOrigin: string;
}

export class ManifestHttpApi extends Construct {
  readonly api: HttpApi;
  readonly stage: HttpStage;
  /** Host name (no scheme) CloudFront forwards /api/* to: the API's own domain when configured. */
  readonly domainName: string;
  /** The custom domain's regional target, for the DNS record of `apiDomain` (set outside the stack). */
  readonly regionalDomainName?: string;
  readonly authorizerFunction: ApiFunction;
  private readonly authorizer: HttpLambdaAuthorizer;
  private readonly stageConfig: StageConfig;

  constructor(scope: Construct, id: string, props: ManifestHttpApiProps) {
    super(scope, id);
    const { config } = props;
    this.stageConfig = config;
    // With its own domain the API answers only there: the execute-api endpoint is switched off, so
    // the one public name is the one CloudFront uses, and the origin header guards that.
    this.api = new HttpApi(this, 'Api', {
      description: `Lead portal API (${config.stage})`,
      createDefaultStage: false,
      disableExecuteApiEndpoint: config.apiDomain !== undefined,
    });
    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: config.logRetention,
      removalPolicy: config.removalPolicy,
    });
    this.stage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.api,
      stageName: '$default',
      autoDeploy: true,
      // Default route settings: every route gets the stage's rate and burst; public routes get a
      // tighter limit of their own in addManifestRoutes.
      throttle: config.apiThrottle,
      accessLogSettings: { destination: new LogGroupLogDestination(accessLogs), format: ACCESS_LOG_FORMAT },
    });

    if (config.apiDomain && config.apiCertificateArn) {
      const domain = new DomainName(this, 'Domain', {
        domainName: config.apiDomain,
        certificate: Certificate.fromCertificateArn(this, 'Certificate', config.apiCertificateArn),
      });
      new ApiMapping(this, 'Mapping', { api: this.api, domainName: domain, stage: this.stage });
      this.domainName = config.apiDomain;
      this.regionalDomainName = domain.regionalDomainName;
    } else {
      this.domainName = Fn.select(2, Fn.split('/', this.api.apiEndpoint));
    }

    this.authorizerFunction = new ApiFunction(this, 'OriginVerify', {
      entry: 'infra/functions/origin-verify.ts',
      description: 'API authorizer: lets through only requests forwarded by CloudFront',
      config,
      siteOrigin: props.siteOrigin,
      timeout: Duration.seconds(5),
      memorySize: 256,
    });
    this.authorizerFunction.bindSecret(props.originSecret, 'ORIGIN_SECRET_ARN');
    this.authorizer = new HttpLambdaAuthorizer('OriginVerify', this.authorizerFunction.fn, {
      authorizerName: 'cloudfront-origin',
      responseTypes: [HttpLambdaResponseType.SIMPLE],
      // A request without the header is refused by API Gateway itself, without invoking the function.
      identitySource: [`$request.header.${ORIGIN_HEADER}`],
      resultsCacheTtl: Duration.minutes(5),
    });
  }

  /** One route per manifest entry, integrated with the Lambda of the route's area. */
  addManifestRoutes(functions: Record<Area, IFunction>): void {
    // One invoke permission per function for the whole API rather than one per route: an area
    // serves up to twenty routes and its function policy would grow with each.
    const integrations = Object.fromEntries(
      AREAS.map((area) => [
        area,
        new HttpLambdaIntegration(`${area}Integration`, functions[area], {
          payloadFormatVersion: PayloadFormatVersion.VERSION_2_0,
          scopePermissionToRoute: false,
        }),
      ]),
    ) as Record<Area, HttpLambdaIntegration>;
    Validations.of(this).acknowledge({
      id: 'AwsSolutions-APIG4',
      reason:
        "Every route's authorizer checks that the request came through CloudFront; users are authenticated as the " +
        "manifest says (session cookie, vendor token or provider signature) in the Lambda's middleware, which the " +
        'local stack runs too; public routes (sign-in, sales forms) are public by design.',
    });
    const publicRouteKeys: { key: string; area: Area }[] = [];
    for (const route of ROUTES) {
      const key = routeKey(route);
      const [method, path] = key.split(' ') as [HttpMethod, string];
      new HttpRoute(this, `Route-${route.id}`, {
        httpApi: this.api,
        routeKey: HttpRouteKey.with(path, method),
        integration: integrations[route.area],
        authorizer: this.authorizer,
      });
      // The public areas' routes, and a public route of another area (the alerts' unsubscribe link).
      if (PUBLIC_AREAS.includes(route.area) || (route.auth === 'public' && route.area !== 'auth')) publicRouteKeys.push({ key, area: route.area });
    }
    // Route settings are not in the L2 stage; the per-route limits of the public routes: the forms'
    // tight one, and vendor intake's own, sized for all vendors together.
    const limitOf = (area: Area) => (area === 'intake' ? this.stageConfig.intakeRouteThrottle : this.stageConfig.publicRouteThrottle);
    (this.stage.node.defaultChild as CfnStage).routeSettings = Object.fromEntries(
      publicRouteKeys.map(({ key, area }) => [key, { ThrottlingRateLimit: limitOf(area).rateLimit, ThrottlingBurstLimit: limitOf(area).burstLimit }]),
    );
  }
}
