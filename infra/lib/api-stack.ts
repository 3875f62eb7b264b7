import { routeList } from '@rent/shared';
import { RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  HttpApi,
  HttpMethod,
  HttpRoute,
  HttpRouteKey,
  HttpStage,
  LogGroupLogDestination,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IUserPool, UserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { Jobs } from './jobs.js';
import { Mail, type MailProps } from './mail.js';
import { PlaidAccess, type PlaidProps } from './plaid.js';
import { RouteFunction } from './route-function.js';

export interface ApiStackProps extends StackProps {
  table: ITable;
  receipts: IBucket;
  /** The key route functions sign page cursors with (CURSOR_SECRET). */
  cursorSecret: ISecret;
  /** Issuer of the tokens the JWT authorizer accepts (the user pool). */
  issuerUrl: string;
  userPoolClient: UserPoolClient;
  /** Routes with `userPoolAccess` (sign out of all devices) act on this pool. */
  userPool: IUserPool;
  /** Seals Plaid access tokens (routes with `plaidTokenKey`). */
  plaidTokenKey: IKey;
  /** The sender and site origin of the app's mail (routes with `sendsEmail`). */
  mail: MailProps;
  /** Plaid's environment and the operator's secret (routes with `callsPlaid`). */
  plaid: PlaidProps;
  /** Per-route and per-job bundles (default dist/functions, made by `npm run build:functions`). */
  functionsDir?: string;
}

/** Per-second limits of the whole API: a runaway client hits 429s before it hits the table's bill. */
export const API_THROTTLE = { rateLimit: 50, burstLimit: 100 } as const;

/**
 * The HTTP API: one Lambda and one route per entry of the route table (ARCHITECTURE §2), plus the
 * operator jobs (jobs.ts), which share the table grants' shape but have no route.
 */
export class ApiStack extends Stack {
  readonly httpApi: HttpApi;
  readonly functions: Record<string, RouteFunction> = {};
  readonly jobs: Jobs;
  readonly mail: Mail;
  readonly plaid: PlaidAccess;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);

    // Our own stage (not createDefaultStage) because only HttpStage takes throttling and access logs.
    this.httpApi = new HttpApi(this, 'Http', {
      apiName: 'rent-today',
      description: 'Rent.Today API (reached through CloudFront at /api/*)',
      createDefaultStage: false,
    });
    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: RetentionDays.THREE_MONTHS,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    new HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
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

    // Cognito ID tokens carry aud = client id, access tokens carry client_id; API Gateway checks
    // whichever is present against this audience.
    const authorizer = new HttpJwtAuthorizer('Cognito', props.issuerUrl, {
      jwtAudience: [props.userPoolClient.userPoolClientId],
    });

    this.mail = new Mail(this, 'Mail', props.mail);
    this.plaid = new PlaidAccess(this, props.plaid);

    for (const route of routeList) {
      const routeFunction = new RouteFunction(this, route.id, {
        route,
        functionsDir: props.functionsDir,
        table: props.table,
        receipts: props.receipts,
        cursorSecret: props.cursorSecret,
        userPool: props.userPool,
        mail: this.mail,
        plaid: this.plaid,
        plaidTokenKey: props.plaidTokenKey,
      });
      this.functions[route.id] = routeFunction;
      new HttpRoute(this, `${route.id}Route`, {
        httpApi: this.httpApi,
        routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
        integration: new HttpLambdaIntegration(`${route.id}Integration`, routeFunction.function),
        // Public routes (an invitation link's page) have none: the handler's own rate limit guards them.
        ...(!('public' in route && route.public) && { authorizer }),
      });
    }

    this.jobs = new Jobs(this, 'Jobs', { functionsDir: props.functionsDir, table: props.table });
  }
}
