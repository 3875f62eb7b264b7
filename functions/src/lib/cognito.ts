import { readFileSync } from 'node:fs';
import { Agent } from 'node:https';
import {
  AdminDeleteUserCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
  type CognitoIdentityProviderClientConfig,
} from '@aws-sdk/client-cognito-identity-provider';
import { config } from './config.js';

/**
 * The user pool's admin API, created on first use (only the sign-out-everywhere route calls it, and only
 * its function has USER_POOL_ID and the IAM grant). Offline, COGNITO_ENDPOINT is the stand-in's JSON API
 * on the local HTTPS origin, whose self-signed certificate (LOCAL_CA_FILE) is trusted for this client only.
 */
let client: CognitoIdentityProviderClient | undefined;

function cognito(): CognitoIdentityProviderClient {
  if (client) return client;
  const { AWS_REGION, COGNITO_ENDPOINT, LOCAL_CA_FILE } = config();
  const options: CognitoIdentityProviderClientConfig = { region: AWS_REGION };
  if (COGNITO_ENDPOINT) {
    options.endpoint = COGNITO_ENDPOINT;
    if (LOCAL_CA_FILE) {
      options.requestHandler = { httpsAgent: new Agent({ ca: readFileSync(LOCAL_CA_FILE), keepAlive: true }) };
    }
  }
  client = new CognitoIdentityProviderClient(options);
  return client;
}

/** Cognito's global sign-out: every refresh token of the user stops working (their access tokens too, for Cognito's own APIs). */
export async function globalSignOut(username: string): Promise<void> {
  const { USER_POOL_ID } = config();
  if (!USER_POOL_ID) throw new Error('USER_POOL_ID is not set for this function');
  await cognito().send(new AdminUserGlobalSignOutCommand({ UserPoolId: USER_POOL_ID, Username: username }));
}

/** Account deletion: the user pool forgets the person (a later Google sign-in makes a new user). Already gone is done. */
export async function adminDeleteUser(username: string): Promise<void> {
  const { USER_POOL_ID } = config();
  if (!USER_POOL_ID) throw new Error('USER_POOL_ID is not set for this function');
  try {
    await cognito().send(new AdminDeleteUserCommand({ UserPoolId: USER_POOL_ID, Username: username }));
  } catch (error) {
    if ((error as { name?: string } | null)?.name !== 'UserNotFoundException') throw error;
  }
}
