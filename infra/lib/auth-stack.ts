import { Annotations, Aws, CfnOutput, Duration, RemovalPolicy, SecretValue, Stack, type StackProps } from 'aws-cdk-lib';
import {
  AccountRecovery,
  FeaturePlan,
  Mfa,
  OAuthScope,
  ProviderAttribute,
  UserPool,
  type UserPoolClient,
  UserPoolClientIdentityProvider,
  type UserPoolDomain,
  UserPoolIdentityProviderGoogle,
} from 'aws-cdk-lib/aws-cognito';
import type { Construct } from 'constructs';
import { PLACEHOLDER_GOOGLE_CLIENT_ID, PLACEHOLDER_SITE_URL, type RentContext } from './context.js';

export interface AuthStackProps extends StackProps {
  context: RentContext;
}

/**
 * Cognito with Google as the only way in. The SPA uses the Hosted UI's code flow
 * with PKCE (Amplify always sends a code_challenge; a public client has no secret to protect).
 */
export class AuthStack extends Stack {
  readonly userPool: UserPool;
  readonly userPoolClient: UserPoolClient;
  readonly domain: UserPoolDomain;
  /** Hosted UI host name without scheme (Amplify's `oauthDomain` adds https:// itself). */
  readonly oauthDomain: string;
  /** JWT issuer the HTTP API's authorizer trusts. */
  readonly issuerUrl: string;

  constructor(scope: Construct, id: string, props: AuthStackProps) {
    super(scope, id, props);
    const { context } = props;

    this.userPool = new UserPool(this, 'Users', {
      // Users arrive only through Google; nobody signs up or signs in with a Cognito password.
      selfSignUpEnabled: false,
      signInCaseSensitive: false,
      // Every attribute Google maps in must be mutable: Cognito rewrites them at each sign-in.
      standardAttributes: {
        email: { required: true, mutable: true },
        fullname: { required: false, mutable: true },
        profilePicture: { required: false, mutable: true },
      },
      // Unused (no native users) but strict, so an admin-created user could not get a weak password.
      passwordPolicy: {
        minLength: 12,
        requireLowercase: true,
        requireUppercase: true,
        requireDigits: true,
        requireSymbols: true,
      },
      // Second factors are Google's business: the pool never checks a password.
      mfa: Mfa.OFF,
      accountRecovery: AccountRecovery.NONE,
      featurePlan: FeaturePlan.ESSENTIALS,
      // The pool's `sub` is every user's id in DynamoDB: a replaced pool would orphan all their data.
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    const google = new UserPoolIdentityProviderGoogle(this, 'Google', {
      userPool: this.userPool,
      clientId: context.googleClientId,
      // Resolved by CloudFormation at deploy time: the secret never appears in the template or in cdk.out.
      clientSecretValue: SecretValue.secretsManager(context.googleClientSecretName, {
        jsonField: context.googleClientSecretField,
      }),
      scopes: ['openid', 'email', 'profile'],
      attributeMapping: {
        email: ProviderAttribute.GOOGLE_EMAIL,
        emailVerified: ProviderAttribute.GOOGLE_EMAIL_VERIFIED,
        fullname: ProviderAttribute.GOOGLE_NAME,
        profilePicture: ProviderAttribute.GOOGLE_PICTURE,
      },
    });

    this.domain = this.userPool.addDomain('HostedUi', {
      // Domain prefixes are global per region; the account id makes the default unique without any setup.
      cognitoDomain: { domainPrefix: context.authDomainPrefix ?? `rent-today-${Aws.ACCOUNT_ID}` },
    });
    this.oauthDomain = `${this.domain.domainName}.auth.${Aws.REGION}.amazoncognito.com`;
    this.issuerUrl = `https://cognito-idp.${Aws.REGION}.${Aws.URL_SUFFIX}/${this.userPool.userPoolId}`;

    // Amplify compares redirect URLs exactly; register the origin with and without the trailing slash.
    const siteUrls = [context.siteUrl, `${context.siteUrl}/`];
    this.userPoolClient = this.userPool.addClient('Web', {
      generateSecret: false,
      // No password or SRP flows: tokens come only from the Hosted UI code exchange, then refresh.
      authFlows: { userSrp: false },
      oAuth: {
        flows: { authorizationCodeGrant: true },
        scopes: [OAuthScope.OPENID, OAuthScope.EMAIL, OAuthScope.PROFILE],
        callbackUrls: siteUrls,
        logoutUrls: siteUrls,
      },
      supportedIdentityProviders: [UserPoolClientIdentityProvider.GOOGLE],
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      idTokenValidity: Duration.hours(1),
      accessTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
    });
    // The client names GOOGLE as a provider: CloudFormation must create the provider first.
    this.userPoolClient.node.addDependency(google);

    new CfnOutput(this, 'GoogleRedirectUri', {
      value: `https://${this.oauthDomain}/oauth2/idpresponse`,
      description: 'Add to the Google OAuth client as an authorized redirect URI',
    });

    if (context.siteUrl === PLACEHOLDER_SITE_URL) {
      Annotations.of(this).addWarningV2(
        'rent:siteUrl',
        `Context "siteUrl" is not set: sign-in redirects to ${PLACEHOLDER_SITE_URL}. See docs/deploy.md.`,
      );
    }
    if (context.googleClientId === PLACEHOLDER_GOOGLE_CLIENT_ID) {
      Annotations.of(this).addWarningV2(
        'rent:googleClientId',
        'Context "googleClientId" is not set: Google sign-in cannot work. See docs/deploy.md.',
      );
    }
  }
}
