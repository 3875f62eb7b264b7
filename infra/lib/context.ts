import type { App } from 'aws-cdk-lib';

/**
 * Deployment settings, read from CDK context (`cdk.json`, `cdk.context.json` or `-c key=value`).
 * Every key has a default so `cdk synth` works offline with no flags; the defaults that would make a
 * real deployment unusable (placeholder site URL and Google client) are flagged at synth time.
 */
export interface RentContext {
  /** Origin the SPA is served from: Cognito callback/logout URLs and the receipts bucket's CORS origin. */
  siteUrl: string;
  /** Google OAuth client id (…apps.googleusercontent.com). */
  googleClientId: string;
  /** Secrets Manager secret holding the Google client secret (a plain string, or JSON with googleClientSecretField). */
  googleClientSecretName: string;
  /** Key inside the secret when it is JSON, e.g. "clientSecret"; unset when the secret is the bare value. */
  googleClientSecretField?: string;
  /** Hosted UI domain prefix (<prefix>.auth.<region>.amazoncognito.com); unset: rent-today-<account id>. */
  authDomainPrefix?: string;
  /** The sender of the app's mail (invitations): "Rent.Today <no-reply@your-domain>", verified in SES. */
  mailFrom: string;
  /** Plaid's environment: "sandbox" (default) or "production" (the API origin and the CSP follow it). */
  plaidEnv: 'sandbox' | 'production';
  /** Secrets Manager secret with the Plaid keys as JSON {"clientId": "...", "secret": "..."} (docs/deploy.md). */
  plaidSecretName: string;
}

export const PLACEHOLDER_SITE_URL = 'https://example.cloudfront.net';
export const PLACEHOLDER_GOOGLE_CLIENT_ID = 'google-client-id-not-set.apps.googleusercontent.com';

export function readContext(app: App): RentContext {
  const str = (key: string): string | undefined => {
    const value: unknown = app.node.tryGetContext(key);
    if (value === undefined || value === null || value === '') return undefined;
    if (typeof value !== 'string') throw new Error(`CDK context "${key}" must be a string`);
    return value.trim();
  };
  const siteUrl = normaliseOrigin(str('siteUrl') ?? PLACEHOLDER_SITE_URL);
  const authDomainPrefix = str('authDomainPrefix');
  // Cognito's own rule, checked here so a typo fails at synth rather than half-way through a deploy.
  if (authDomainPrefix && !/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(authDomainPrefix)) {
    throw new Error(
      `CDK context "authDomainPrefix" must be lower-case letters, digits and hyphens: ${authDomainPrefix}`,
    );
  }
  const plaidEnv = str('plaidEnv') ?? 'sandbox';
  if (plaidEnv !== 'sandbox' && plaidEnv !== 'production') {
    throw new Error(`CDK context "plaidEnv" must be "sandbox" or "production": ${plaidEnv}`);
  }
  return {
    siteUrl,
    googleClientId: str('googleClientId') ?? PLACEHOLDER_GOOGLE_CLIENT_ID,
    googleClientSecretName: str('googleClientSecretName') ?? 'rent-today/google-oauth',
    googleClientSecretField: str('googleClientSecretField'),
    authDomainPrefix,
    mailFrom: str('mailFrom') ?? `Rent.Today <no-reply@${new URL(siteUrl).hostname}>`,
    plaidEnv,
    plaidSecretName: str('plaidSecretName') ?? 'rent-today/plaid',
  };
}

/** https://host[:port] with no path or trailing slash: the form CORS and Cognito compare exactly. */
function normaliseOrigin(value: string): string {
  const url = new URL(value);
  if (url.protocol !== 'https:' && url.hostname !== 'localhost') {
    throw new Error(`CDK context "siteUrl" must be an https:// origin: ${value}`);
  }
  if (url.pathname !== '/' || url.search || url.hash) {
    throw new Error(`CDK context "siteUrl" must be an origin without a path: ${value}`);
  }
  return url.origin;
}
