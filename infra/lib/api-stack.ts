import { Stack, type StackProps } from 'aws-cdk-lib';
import { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import type { UserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { Jobs } from './jobs.js';
import { Mail, type MailProps } from './mail.js';
import { PlaidAccess, type PlaidProps } from './plaid.js';

export interface ApiStackProps extends StackProps {
  table: ITable;
  /** The receipts bucket (the tax package job reads receipts and writes packages there; the purge deletes them). */
  receipts: IBucket;
  /** config.ts requires CURSOR_SECRET in Lambda (the jobs). */
  cursorSecret: ISecret;
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

/**
 * The HTTP API: its stage, authorizer, mail and Plaid configuration, and the operator jobs (jobs.ts). Its
 * routes, one Lambda per entry of the route table, are deployed per area by route-stack.ts (docs/deploy.md "The
 * API in several stacks").
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

    // The stage is a stack of its own (api-stage-stack.ts), deployed after the route stacks.
    this.httpApi = new HttpApi(this, 'Http', {
      apiName: 'rent-today',
      description: 'Rent.Today API (reached through CloudFront at /api/*)',
      createDefaultStage: false,
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
      cursorSecret: props.cursorSecret,
    });
  }
}
