import { Aws, Stack } from 'aws-cdk-lib';
import { CfnIdentityPool, CfnIdentityPoolRoleAttachment } from 'aws-cdk-lib/aws-cognito';
import { FederatedPrincipal, PolicyStatement, Role } from 'aws-cdk-lib/aws-iam';
import { CfnAppMonitor } from 'aws-cdk-lib/aws-rum';
import { Construct } from 'constructs';

/** What the SPA needs to start the RUM web client (runtime config.json; web/src/app/rum.ts). */
export interface RumRuntimeConfig {
  appMonitorId: string;
  identityPoolId: string;
  guestRoleArn: string;
  region: string;
}

export const RUM_APP_MONITOR_NAME = 'rent-today-web';

/**
 * CloudWatch RUM for the SPA (docs/people.md "CloudWatch RUM"): an app monitor for the
 * site's domain collecting web vitals ("performance") and JavaScript errors ("errors"), no cookies, every
 * session; and a Cognito identity pool whose guest (unauthenticated) role may do exactly one thing,
 * rum:PutRumEvents on this monitor. The browser loads the RUM client after the page is idle.
 */
export class Rum extends Construct {
  readonly appMonitor: CfnAppMonitor;
  readonly identityPool: CfnIdentityPool;
  readonly runtimeConfig: RumRuntimeConfig;
  /** The hosts the RUM client talks to (the CSP's connect-src). */
  readonly connectSources: string[];

  constructor(scope: Construct, id: string, props: { domain: string }) {
    super(scope, id);
    const identityPool = new CfnIdentityPool(this, 'IdentityPool', {
      allowUnauthenticatedIdentities: true,
      allowClassicFlow: false,
      identityPoolName: 'rent_today_rum',
    });
    this.identityPool = identityPool;
    const guestRole = new Role(this, 'GuestRole', {
      description: 'Rent.Today RUM: unauthenticated browsers send RUM events and nothing else',
      assumedBy: new FederatedPrincipal(
        'cognito-identity.amazonaws.com',
        {
          StringEquals: { 'cognito-identity.amazonaws.com:aud': identityPool.ref },
          'ForAnyValue:StringLike': { 'cognito-identity.amazonaws.com:amr': 'unauthenticated' },
        },
        'sts:AssumeRoleWithWebIdentity',
      ),
    });
    const monitorArn = Stack.of(this).formatArn({
      service: 'rum',
      resource: 'appmonitor',
      resourceName: RUM_APP_MONITOR_NAME,
    });
    guestRole.addToPolicy(new PolicyStatement({ actions: ['rum:PutRumEvents'], resources: [monitorArn] }));
    new CfnIdentityPoolRoleAttachment(this, 'Roles', {
      identityPoolId: identityPool.ref,
      roles: { unauthenticated: guestRole.roleArn },
    });
    this.appMonitor = new CfnAppMonitor(this, 'AppMonitor', {
      name: RUM_APP_MONITOR_NAME,
      domain: props.domain,
      cwLogEnabled: false,
      appMonitorConfiguration: {
        allowCookies: false,
        enableXRay: false,
        sessionSampleRate: 1,
        telemetries: ['performance', 'errors'],
        identityPoolId: identityPool.ref,
        guestRoleArn: guestRole.roleArn,
      },
    });
    this.runtimeConfig = {
      appMonitorId: this.appMonitor.attrId,
      identityPoolId: identityPool.ref,
      guestRoleArn: guestRole.roleArn,
      region: Aws.REGION,
    };
    this.connectSources = [
      `https://dataplane.rum.${Aws.REGION}.${Aws.URL_SUFFIX}`,
      `https://cognito-identity.${Aws.REGION}.${Aws.URL_SUFFIX}`,
      `https://sts.${Aws.REGION}.${Aws.URL_SUFFIX}`,
    ];
  }
}
