// The HTTP API: one route per entry of the route manifest, each integrated with its area's Lambda.
// No route is written by hand; adding one to shared/manifest.ts adds it here.
import { Construct } from 'constructs';
import { Fn, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  HttpApi,
  type HttpMethod,
  HttpRoute,
  HttpRouteKey,
  HttpStage,
  LogGroupLogDestination,
  PayloadFormatVersion,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { AREAS, type Area, ROUTES, routeKey } from '#shared/manifest.ts';
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

export interface ManifestHttpApiProps {
  config: StageConfig;
}

export class ManifestHttpApi extends Construct {
  readonly api: HttpApi;
  /** Host name of the API's endpoint (no scheme), the origin CloudFront forwards /api/* to. */
  readonly domainName: string;

  constructor(scope: Construct, id: string, props: ManifestHttpApiProps) {
    super(scope, id);
    this.api = new HttpApi(this, 'Api', { description: `Lead portal API (${props.config.stage})`, createDefaultStage: false });
    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: props.config.logRetention,
      removalPolicy: props.config.removalPolicy,
    });
    new HttpStage(this, 'DefaultStage', {
      httpApi: this.api,
      stageName: '$default',
      autoDeploy: true,
      accessLogSettings: { destination: new LogGroupLogDestination(accessLogs), format: ACCESS_LOG_FORMAT },
    });

    this.domainName = Fn.select(2, Fn.split('/', this.api.apiEndpoint));
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
        'Each route authenticates as the manifest says (session cookie, vendor token or provider signature) in its ' +
        "Lambda's middleware, which the local stack runs too; public routes (sign-in, sales forms) are public by design.",
    });
    for (const route of ROUTES) {
      const [method, path] = routeKey(route).split(' ') as [HttpMethod, string];
      new HttpRoute(this, `Route-${route.id}`, {
        httpApi: this.api,
        routeKey: HttpRouteKey.with(path, method),
        integration: integrations[route.area],
      });
    }
  }
}
