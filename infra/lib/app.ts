import { routeList } from '@rent/shared';
import { type App, Tags } from 'aws-cdk-lib';
import { ApiStack } from './api-stack.js';
import { ApiStageStack } from './api-stage-stack.js';
import { AuthStack } from './auth-stack.js';
import { readContext } from './context.js';
import { DataStack } from './data-stack.js';
import { acknowledgeNagFindings } from './nag.js';
import { PLAID_LINK_SCRIPT_URL } from './plaid.js';
import { RouteStack } from './route-stack.js';
import { routesByStack } from './route-stacks.js';
import { SyncStack } from './sync-stack.js';
import { WebStack } from './web-stack.js';

export interface RentAppOptions {
  /** Per-route bundles (default dist/functions). */
  functionsDir?: string;
  /** The SPA build (default web/dist). */
  webDistDir?: string;
}

export interface RentStacks {
  data: DataStack;
  auth: AuthStack;
  api: ApiStack;
  /** The API's routes, one stack per area of the route table. */
  routes: RouteStack[];
  /** The API's stage, after the routes its settings name. */
  stage: ApiStageStack;
  web: WebStack;
  sync: SyncStack;
}

/**
 * The whole system (docs/deploy.md "Deploying Rent.Today to AWS"), shared by infra/bin/app.ts and the infra tests so
 * both synthesize exactly the same thing. Stacks are environment-agnostic: nothing is looked up, so synth needs no AWS
 * credentials or network, and `cdk deploy` targets the CLI's account and region.
 *
 * Dependencies run one way: Data and Auth <- Api <- Api<Area> route stacks <- ApiStage; Api <- Web. The Cognito callback URL therefore comes
 * from context (siteUrl) rather than from the distribution, which would close a cycle
 * Web -> Api (origin) -> Auth (JWT audience) -> Web (callback URL). Sync depends on Data and Api (mail).
 */
export function defineRentApp(app: App, options: RentAppOptions = {}): RentStacks {
  const context = readContext(app);
  Tags.of(app).add('app', 'rent-today');

  const data = new DataStack(app, 'RentToday-Data', {
    description: 'Rent.Today stateful resources: table, receipts bucket, keys (all RETAIN)',
    siteUrl: context.siteUrl,
    terminationProtection: true,
  });
  const auth = new AuthStack(app, 'RentToday-Auth', {
    description: 'Rent.Today sign-in: Cognito user pool federated with Google',
    context,
  });
  const api = new ApiStack(app, 'RentToday-Api', {
    description: 'Rent.Today HTTP API: one Lambda per route of the route table',
    table: data.table,
    receipts: data.receipts,
    cursorSecret: data.cursorSecret,
    issuerUrl: auth.issuerUrl,
    userPoolClient: auth.userPoolClient,
    mail: { mailFrom: context.mailFrom, siteUrl: context.siteUrl },
    plaid: { environment: context.plaidEnv, secretName: context.plaidSecretName, siteUrl: context.siteUrl },
    functionsDir: options.functionsDir,
  });
  const routes = routesByStack().map(
    ([area, areaRoutes]) =>
      new RouteStack(app, `RentToday-Api${area}`, {
        description: `Rent.Today HTTP API, ${area.toLowerCase()} routes: one Lambda per route of the route table`,
        routes: areaRoutes,
        httpApi: api.httpApi,
        authorizer: api.authorizer,
        table: data.table,
        receipts: data.receipts,
        cursorSecret: data.cursorSecret,
        userPool: auth.userPool,
        mail: api.mail,
        plaid: api.plaid,
        plaidTokenKey: data.plaidTokenKey,
        jobs: api.jobs.functions,
        supportEmail: context.supportEmail,
        functionsDir: options.functionsDir,
      }),
  );
  const stage = new ApiStageStack(app, 'RentToday-ApiStage', {
    description: 'Rent.Today HTTP API stage: throttling and access logs (after the routes it names)',
    httpApi: api.httpApi,
    routes: routeList,
  });
  for (const routeStack of routes) stage.addDependency(routeStack);
  const web = new WebStack(app, 'RentToday-Web', {
    description: 'Rent.Today front door: CloudFront serving the SPA and /api/*',
    httpApi: api.httpApi,
    receipts: data.receipts,
    runtimeConfig: {
      userPoolId: auth.userPool.userPoolId,
      userPoolClientId: auth.userPoolClient.userPoolClientId,
      oauthDomain: auth.oauthDomain,
      plaidLinkScriptUrl: PLAID_LINK_SCRIPT_URL,
    },
    plaidEnv: context.plaidEnv,
    webDistDir: options.webDistDir,
    ...(context.rum && { rumDomain: new URL(context.siteUrl).hostname }),
  });

  // After Api (it uses the Api stack's mail sender); Api reaches its queue by name (sync-stack.ts), so no cycle.
  const sync = new SyncStack(app, 'RentToday-Sync', {
    description: 'Rent.Today bank sync: 6-hourly schedule, SQS queue with DLQ and alarm, the consumer',
    table: data.table,
    plaidTokenKey: data.plaidTokenKey,
    mail: api.mail,
    plaid: { environment: context.plaidEnv, secretName: context.plaidSecretName, siteUrl: context.siteUrl },
    functionsDir: options.functionsDir,
  });

  const stacks = { data, auth, api, routes, stage, web, sync };
  acknowledgeNagFindings(stacks);
  return stacks;
}
