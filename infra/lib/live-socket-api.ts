// The live-notification socket (issue 23): an API Gateway WebSocket API whose $connect, $disconnect and
// $default routes all go to one Lambda (functions/live/socket.ts), on one throttled, access-logged stage.
// Browsers reach it through CloudFront at /api/live (infra/lib/site.ts); the projector pushes through the
// stage's management endpoint (ApiFunction.bindLiveSockets).
import { Construct } from 'constructs';
import { RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { AccessLogFormat, CfnAccount } from 'aws-cdk-lib/aws-apigateway';
import { LogGroupLogDestination, WebSocketApi, WebSocketStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { ManagedPolicy, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { StageConfig } from './stage-config.ts';

/** The routes, all served by the socket function: it tells them apart by `requestContext.routeKey`. */
export const LIVE_SOCKET_ROUTES = ['$connect', '$disconnect', '$default'] as const;

/** Route and event, never the caller's address or headers: a connection id ties the lines of one socket together. */
const ACCESS_LOG_FORMAT = AccessLogFormat.custom(
  JSON.stringify({
    requestId: '$context.requestId',
    time: '$context.requestTime',
    eventType: '$context.eventType',
    routeKey: '$context.routeKey',
    connectionId: '$context.connectionId',
    status: '$context.status',
    integrationLatencyMs: '$context.integrationLatency',
    error: '$context.error.message',
  }),
);

/** The AWS managed policy API Gateway's guide prescribes for the account's CloudWatch Logs role. */
const PUSH_TO_CLOUDWATCH = 'service-role/AmazonAPIGatewayPushToCloudWatchLogs';

export interface LiveSocketApiProps {
  config: StageConfig;
}

export class LiveSocketApi extends Construct {
  readonly api: WebSocketApi;
  readonly stage: WebSocketStage;
  /** Host name (no scheme) CloudFront forwards /api/live to: the API's execute-api name. */
  readonly domainName: string;

  constructor(scope: Construct, id: string, props: LiveSocketApiProps) {
    super(scope, id);
    const { config } = props;
    // Routes come with the function (addSocketRoutes): the function is built by the stack with the others.
    this.api = new WebSocketApi(this, 'Api', {
      apiName: `leadportal-${config.stage}-live`,
      description: `Lead portal live notifications (${config.stage})`,
    });
    const stack = Stack.of(this);
    this.domainName = `${this.api.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`;

    // Unlike an HTTP API (a service-linked role), a WebSocket stage writes its logs with the role named in
    // API Gateway's account settings (per account and region), and a stage with access logging is refused
    // while none is set. Kept when the stack goes: other stages in the account may log through it.
    const logsRole = new Role(this, 'ApiGatewayLogsRole', {
      assumedBy: new ServicePrincipal('apigateway.amazonaws.com'),
      description: "API Gateway's CloudWatch Logs role (account setting): WebSocket and REST stage logs",
      managedPolicies: [ManagedPolicy.fromAwsManagedPolicyName(PUSH_TO_CLOUDWATCH)],
    });
    logsRole.applyRemovalPolicy(RemovalPolicy.RETAIN);
    const account = new CfnAccount(this, 'ApiGatewayAccount', { cloudWatchRoleArn: logsRole.roleArn });
    account.applyRemovalPolicy(RemovalPolicy.RETAIN);
    Validations.of(logsRole).acknowledge({
      id: `AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/${PUSH_TO_CLOUDWATCH}]`,
      reason:
        "This is the account's API Gateway logging role (one per account and region, for every REST and WebSocket stage), " +
        'assumed by API Gateway only; the AWS managed policy is the one API Gateway documents for it, and a narrower ' +
        'policy would break the logs of other stages in the account. No function holds it.',
    });

    const accessLogs = new LogGroup(this, 'AccessLogs', { retention: config.logRetention, removalPolicy: config.removalPolicy });
    this.stage = new WebSocketStage(this, 'Stage', {
      webSocketApi: this.api,
      stageName: config.stage,
      autoDeploy: true,
      // Default route settings: connects and messages together, on every route.
      throttle: config.liveSocketThrottle,
      accessLogSettings: { destination: new LogGroupLogDestination(accessLogs), format: ACCESS_LOG_FORMAT },
    });
    this.stage.node.addDependency(account);
  }

  /** $connect, $disconnect and $default, each integrated with `handler` (one integration, one invoke permission per route). */
  addSocketRoutes(handler: IFunction): void {
    const integration = new WebSocketLambdaIntegration('Socket', handler);
    for (const routeKey of LIVE_SOCKET_ROUTES) this.api.addRoute(routeKey, { integration });
    Validations.of(this.api).acknowledge({
      id: 'AwsSolutions-APIG4',
      reason:
        'The socket is authorized inside $connect (functions/live/socket.ts): the Origin header must be the site and the ' +
        "session cookie a signed-in agent's, or the handshake is refused (403/401) and no connection exists for " +
        '$default or $disconnect to reach. API Gateway cannot express that check without a Lambda authorizer that would ' +
        'read the same session; a browser cannot send Authorization or IAM signatures on a WebSocket handshake.',
    });
  }
}
