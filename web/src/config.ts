/** Runtime configuration, written next to the SPA at deploy time (or by the offline server). */
export interface AppConfig {
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  /** host[:port]; Amplify prepends https:// */
  oauthDomain: string;
  /** Offline only: the Cognito stand-in's JSON API, e.g. https://localhost:8443/cognito */
  userPoolEndpoint?: string;
  /** Plaid Link's script: https://cdn.plaid.com/link/v2/stable/link-initialize.js in AWS, the Plaid stand-in's offline. */
  plaidLinkScriptUrl?: string;
}

const REQUIRED = ['region', 'userPoolId', 'userPoolClientId', 'oauthDomain'] as const;

export async function loadConfig(): Promise<AppConfig> {
  const response = await fetch('/config.json', { cache: 'no-store', headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`Could not load /config.json (HTTP ${response.status})`);
  const raw = (await response.json()) as Record<string, unknown>;
  for (const key of REQUIRED) {
    if (typeof raw[key] !== 'string' || raw[key] === '') throw new Error(`/config.json is missing "${key}"`);
  }
  if (raw.userPoolEndpoint !== undefined && typeof raw.userPoolEndpoint !== 'string') {
    throw new Error('/config.json has a userPoolEndpoint that is not a string');
  }
  if (raw.plaidLinkScriptUrl !== undefined && typeof raw.plaidLinkScriptUrl !== 'string') {
    throw new Error('/config.json has a plaidLinkScriptUrl that is not a string');
  }
  return raw as unknown as AppConfig;
}
