import type { RouteDef } from '@rent/shared';
import { RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { type CfnStage, type HttpApi, HttpStage, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';

/** Per-second limits of the whole API: a runaway client hits 429s before it hits the table's bill. */
export const API_THROTTLE = { rateLimit: 50, burstLimit: 100 } as const;

export interface ApiStageStackProps extends StackProps {
  httpApi: HttpApi;
  /** Every route (those with `throttle` get their own limits on the stage). */
  routes: readonly RouteDef[];
}

/**
 * The API's $default stage: throttling, per-route limits of the public forms, and access logs. A stack of its
 * own, deployed after the route stacks, because a stage's route settings must name routes that exist.
 */
export class ApiStageStack extends Stack {
  constructor(scope: Construct, id: string, props: ApiStageStackProps) {
    super(scope, id, props);
    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: RetentionDays.THREE_MONTHS,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    // Our own stage (not createDefaultStage) because only HttpStage takes throttling and access logs.
    const stage = new HttpStage(this, 'DefaultStage', {
      httpApi: props.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: API_THROTTLE,
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        // Only variables HTTP APIs support ($context.identity.caller & co. are REST-only).
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            time: '$context.requestTime',
            method: '$context.httpMethod',
            routeKey: '$context.routeKey',
            status: '$context.status',
            responseLength: '$context.responseLength',
            latencyMs: '$context.responseLatency',
            integrationMs: '$context.integrationLatency',
            integrationError: '$context.integrationErrorMessage',
            authorizerError: '$context.authorizer.error',
            userAgent: '$context.identity.userAgent',
          }),
        ),
      },
    });
    // Public forms get their own, lower limits on top of the stage's (each handler also counts per address).
    (stage.node.defaultChild as CfnStage).routeSettings = Object.fromEntries(
      props.routes
        .filter((route) => route.throttle)
        .map((route) => [
          `${route.method} ${route.path}`,
          // A raw CloudFormation value (routeSettings is untyped JSON): CloudFormation's own property names.
          { ThrottlingRateLimit: route.throttle!.rateLimit, ThrottlingBurstLimit: route.throttle!.burstLimit },
        ]),
    );
  }
}
