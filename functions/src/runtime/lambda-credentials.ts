/**
 * What every AWS client in a Lambda bundle takes its credentials from: the environment, where Lambda puts the
 * execution role's keys (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN). The build puts this module in
 * place of the SDK's default chain (`@aws-sdk/credential-provider-node`, infra/lib/bundle.ts), whose first link is
 * this same reader; its others (profiles, SSO, web identity, a process, container and instance metadata), with the
 * STS and SSO clients they carry and the protocols only STS speaks, were about 130 KB of every bundle that no Lambda
 * reaches (docs/performance.md "Lambda bundles"). Offline the handlers run from source with the default chain, which
 * finds the same variables.
 */
import { fromEnv } from '@aws-sdk/credential-provider-env';

/** The default chain's signature: the clients call it with their logger and take the provider it returns. */
export const defaultProvider: typeof fromEnv = (init) => fromEnv(init);
