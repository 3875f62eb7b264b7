import type { RouteDef } from '@rent/shared';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { type ISecret, Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';

/** Plaid's Link script: always loaded from Plaid's CDN (Plaid forbids bundling or self-hosting it). */
export const PLAID_LINK_SCRIPT_URL = 'https://cdn.plaid.com/link/v2/stable/link-initialize.js';
/** Link runs in an iframe from this origin. */
export const PLAID_LINK_FRAME_ORIGIN = 'https://cdn.plaid.com';

export type PlaidEnvironment = 'sandbox' | 'production';
/** The API origin per Plaid environment (the `plaid` client's basePath, PlaidEnvironments in the SDK). */
export const PLAID_API_ORIGINS: Record<PlaidEnvironment, string> = {
  sandbox: 'https://sandbox.plaid.com',
  production: 'https://production.plaid.com',
};

export interface PlaidProps {
  environment: PlaidEnvironment;
  /** Secrets Manager secret (JSON {"clientId": "...", "secret": "..."}) made by the operator, docs/deploy.md. */
  secretName: string;
  /** The public origin of the site: webhooks come to <siteUrl>/api/plaid/webhook. */
  siteUrl: string;
}

/**
 * What a function that talks to Plaid gets (functions/src/lib/config.ts): PLAID_BASE_PATH, PLAID_CLIENT_ID,
 * PLAID_SECRET and PLAID_WEBHOOK_URL. The client id and secret are CloudFormation dynamic references to the
 * operator's secret, resolved at deploy (the CURSOR_SECRET pattern): never in the template or the repo.
 */
export class PlaidAccess {
  readonly secret: ISecret;
  readonly basePath: string;
  readonly webhookUrl: string;

  constructor(scope: Construct, props: PlaidProps) {
    this.secret = Secret.fromSecretNameV2(scope, 'PlaidSecret', props.secretName);
    this.basePath = PLAID_API_ORIGINS[props.environment];
    this.webhookUrl = `${props.siteUrl}/api/plaid/webhook`;
  }

  environment(): Record<string, string> {
    return {
      PLAID_BASE_PATH: this.basePath,
      PLAID_CLIENT_ID: this.secret.secretValueFromJson('clientId').unsafeUnwrap(),
      PLAID_SECRET: this.secret.secretValueFromJson('secret').unsafeUnwrap(),
      PLAID_WEBHOOK_URL: this.webhookUrl,
    };
  }

  /** Adds the Plaid environment to a function (a route with `callsPlaid`, or the sync consumer). */
  grant(fn: LambdaFunction): void {
    for (const [name, value] of Object.entries(this.environment())) fn.addEnvironment(name, value);
  }
}

/** The route's function gets Plaid's configuration exactly when the route declares `callsPlaid`. */
export function grantPlaid(fn: LambdaFunction, plaid: PlaidAccess | undefined, route: RouteDef): void {
  if (!route.callsPlaid) return;
  if (!plaid) throw new Error(`${route.method} ${route.path} calls Plaid but no Plaid configuration was given`);
  plaid.grant(fn);
}

/** The CSP sources Link needs in the browser (Plaid's documented directives), for one Plaid environment. */
export function plaidCspSources(environment: PlaidEnvironment) {
  return {
    script: PLAID_LINK_SCRIPT_URL,
    frame: PLAID_LINK_FRAME_ORIGIN,
    connect: PLAID_API_ORIGINS[environment],
  };
}
