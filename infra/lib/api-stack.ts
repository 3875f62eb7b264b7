import { RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { HttpApi, HttpStage, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import type { UserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { Jobs } from './jobs.js';
import { Mail, type MailProps } from './mail.js';
import { PlaidAccess, type PlaidProps } from './plaid.js';

export interface ApiStackProps extends StackProps {
  table: ITable;
  /** The receipts bucket (the tax package job reads receipts and writes packages there). */
  receipts: IBucket;
  /** Issuer of the tokens the JWT authorizer accepts (the user pool). */
  issuerUrl: string;
  userPoolClient: UserPoolClient;
  /** The sender and site origin of the app's mail (routes with `sendsEmail`). */
  mail: MailProps;
  /** Plaid's environment and the operator's secret (routes with `callsPlaid`). */
  plaid: PlaidProps;
  /** Per-job bundles (default dist/functions, made by `npm run build:functions`). */
  functionsDir?: string;
}

/** Per-second limits of the whole API: a runaway client hits 429s before it hits the table's bill. */
export const API_THROTTLE = { rateLimit: 50, burstLimit: 100 } as const;

/**
 * The HTTP API: its stage, authorizer, mail and Plaid configuration, and the operator jobs (jobs.ts). Its
 * routes, one Lambda per entry of the route table (ARCHITECTURE §2), are deployed per area by route-stack.ts.
 */
export class ApiStack extends Stack {
  readonly httpApi: HttpApi;
  /** The JWT authorizer of every non-public route (the routes themselves live in the area stacks, route-stack.ts). */
  readonly authorizer: HttpJwtAuthorizer;
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
    this.authorizer = new HttpJwtAuthorizer('Cognito', props.issuerUrl, {
      jwtAudience: [props.userPoolClient.userPoolClientId],
    });

    this.mail = new Mail(this, 'Mail', props.mail);
    this.plaid = new PlaidAccess(this, props.plaid);

    this.jobs = new Jobs(this, 'Jobs', {
      functionsDir: props.functionsDir,
      table: props.table,
      receipts: props.receipts,
    });
  }
}
