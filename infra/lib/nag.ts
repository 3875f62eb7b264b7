import { type App, type CfnResource, DefaultStackSynthesizer, Stack, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
// Not re-exported from the package root; it is how cdk-nag itself names a resource in a finding id.
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference.js';
import type { IConstruct } from 'constructs';
import type { RentStacks } from './app.js';

/**
 * cdk-nag v3 runs as a CDK policy-validation plugin: findings land in the synth's validation report
 * (cdk.out/validation-report.json) and an unacknowledged error fails `cdk synth` / `cdk deploy`.
 */
export function addNagChecks(app: App): void {
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
}

/**
 * EVERY acknowledged cdk-nag finding of the app, each with its reason. Findings that could be fixed
 * were fixed instead (access logs, TLS 1.2 to origins, OAC, PITR, key rotation, own log groups and
 * roles instead of AWS managed policies, named GSI ARNs instead of index/*, password policy, ...).
 * v3 matches ids exactly: a wildcard finding is acknowledged per finding, `Rule[Finding]`.
 */
export function acknowledgeNagFindings({ data, auth, api, routes, web }: RentStacks): void {
  const ack = (scope: IConstruct, id: string, reason: string) => Validations.of(scope).acknowledge({ id, reason });

  // --- Cursor signing key -------------------------------------------------------------------------
  ack(
    data.cursorSecret,
    'AwsSolutions-SMG4',
    'The HMAC key of API page cursors is only ever used by our own functions and guards against forged ' +
      'cursors; replacing it merely invalidates open page links. Rotate it by setting a new value (docs/deploy.md), ' +
      'not with a rotation Lambda.',
  );

  // --- Cognito ------------------------------------------------------------------------------------
  ack(
    auth.userPool,
    'AwsSolutions-COG2',
    'Users sign in only through Google (the sole identity provider); second factors are Google 2-Step ' +
      'Verification. The pool has no password sign-in that a Cognito MFA could protect.',
  );
  ack(
    auth.userPool,
    'AwsSolutions-COG8',
    'The Plus plan adds threat protection for Cognito password sign-ins, which this pool does not allow ' +
      '(Google federation only). Its per-user price is not justified; revisit if native sign-in is added.',
  );

  // --- Receipts bucket: routes with bucketAccess -----------------------------------------------------
  // The finding names the bucket ARN as the Api stack sees it: a weak cross-stack reference
  // (Fn::GetStackOutput with an output name CDK generates), which exists only once synthesis has resolved
  // references. Validation hooks run after that and before cdk-nag, so the id is computed there.
  for (const routeFunction of routes.flatMap((stack) => Object.values(stack.functions))) {
    const { role } = routeFunction;
    for (const objectsArn of routeFunction.objectArns) {
      role.node.addValidation({
        validate: () => {
          const resource = flattenCfnReference(Stack.of(role).resolve(objectsArn));
          ack(
            role,
            `AwsSolutions-IAM5[Resource::${resource}]`,
            `${routeFunction.route.method} ${routeFunction.route.path} needs ${routeFunction.route.bucketAccess?.join(', ')} ` +
              'on uploaded objects (receipts, or maintenance photos), whose keys are per organization and per upload, ' +
              'created at run time (<prefix>/<orgId>/<folder>/<id>-<name>); <prefix>/* is the narrowest static scope ' +
              '(photos stored before they had their own prefix: receipts/*/maintenance/*, uploaded via receipts/pending/*). ' +
              "Authorization per organization is enforced in the handler (keys are built from the caller's membership).",
          );
          return [];
        },
      });
    }
  }

  // --- Tax package: the download route presigns GETs of tax-packages/*; the job reads receipts/* and
  // streams the zip into tax-packages/*. Keys are per organization and per build, made at run time.
  const wildcard = (role: IConstruct, arn: string, why: string) =>
    role.node.addValidation({
      validate: () => {
        const resource = flattenCfnReference(Stack.of(role).resolve(arn));
        ack(role, `AwsSolutions-IAM5[Resource::${resource}]`, why);
        return [];
      },
    });
  const packageWhy =
    'tax package zips are keyed per organization and per build at run time (tax-packages/<orgId>/<id>.zip); ' +
    "tax-packages/* is the narrowest static scope; the organization is enforced in the handler from the caller's membership.";
  for (const routeFunction of routes.flatMap((stack) => Object.values(stack.functions))) {
    if (routeFunction.packageObjectsArn) {
      wildcard(routeFunction.role, routeFunction.packageObjectsArn, `${routeFunction.route.path}: ${packageWhy}`);
    }
  }
  const jobRole = api.jobs.functions.buildTaxPackage.role!;
  for (const arn of api.jobs.taxPackageObjectArns) {
    wildcard(
      jobRole,
      arn,
      `The tax package job reads the year's receipts (receipts/*) and writes its zip: ${packageWhy}`,
    );
  }

  // --- Purge job: deletes an organization's uploads (keys under <prefix>/<orgId>/, known at run time) ----------
  const purgeRole = api.jobs.functions.purgeOrganization.role!;
  for (const arn of api.jobs.purgeObjectsArns) {
    purgeRole.node.addValidation({
      validate: () => {
        const resource = flattenCfnReference(Stack.of(purgeRole).resolve(arn));
        ack(
          purgeRole,
          `AwsSolutions-IAM5[Resource::${resource}]`,
          'The organization purge deletes the uploaded objects of one organization (receipts/<orgId>/, ' +
            'maintenance-photos/<orgId>/ and their pending/<orgId>/), prefixes known only at run time; receipts/* and ' +
            'maintenance-photos/* are the narrowest static scopes, and its ListBucket is limited to them by an ' +
            's3:prefix condition.',
        );
        return [];
      },
    });
  }

  // --- Public routes (an invitation link's page) --------------------------------------------------------
  for (const [route, httpRoute] of routes.flatMap((stack) =>
    stack.routes.filter((r) => r.public).map((r) => [r, stack.httpRoutes[r.id]!] as const),
  )) {
    if (route.id === 'plaidWebhook') {
      ack(
        httpRoute,
        'AwsSolutions-APIG4',
        `${route.method} ${route.path} is called by Plaid, which cannot present a Cognito token. The handler verifies ` +
          "Plaid's ES256 JWT (key by kid from Plaid, iat within 5 minutes, SHA-256 of the raw body) before anything " +
          'else and answers 401 otherwise; it can only enqueue syncs and change a link status (docs/banking.md "Webhook verification").',
      );
      continue;
    }
    ack(
      httpRoute,
      'AwsSolutions-APIG4',
      route.id === 'getInvitationByToken'
        ? `${route.method} ${route.path} is opened from an invitation email before the person has signed in. It reads ` +
            'one invitation by the SHA-256 of a 32-byte random token, changes nothing, and answers only the ' +
            "organization's name, the role, the inviter's name and the status; unknown tokens are rate-limited per " +
            'client address in DynamoDB, and the stage is throttled (docs/people.md "Invitations").'
        : `${route.method} ${route.path} serves people who are not signed in (the contact form, the product-news ` +
            'signup and its confirmation link, an unsubscribe link, the client error log). Its input is validated and ' +
            'size-limited, requests are counted per client address in DynamoDB (429), and the route has its own ' +
            'API Gateway throttle below the stage\'s (docs/people.md "Public routes").',
    );
  }

  // --- CloudWatch RUM: browsers send events as guests of an identity pool --------------------------------
  if (web.rum) {
    ack(
      web.rum.identityPool,
      'AwsSolutions-COG7',
      'CloudWatch RUM sends web vitals and errors from every visitor, signed in or not, through the identity ' +
        "pool's guest role, whose only permission is rum:PutRumEvents on this app monitor (AWS's documented setup).",
    );
  }

  // --- CloudFront ---------------------------------------------------------------------------------
  ack(
    web.distribution,
    'AwsSolutions-CFR1',
    'Landlords and tenants may use the app from any country; there is no legal or business reason to geo-block.',
  );
  ack(
    web.distribution,
    'AwsSolutions-CFR2',
    'No WAF yet: the API is JWT-authorized on every route and throttled on its stage, the SPA is static. ' +
      'A web ACL (fixed monthly cost) is planned once traffic justifies it.',
  );
  ack(
    web.distribution,
    'AwsSolutions-CFR4',
    'The distribution uses the default *.cloudfront.net certificate, whose security policy CloudFront fixes ' +
      '(TLSv1). Attaching a custom domain with an ACM certificate and TLSv1.2_2021 removes this finding.',
  );

  // --- CDK's BucketDeployment (SPA upload); its Lambda and policies are generated by aws-cdk-lib ----
  const deployment = 'CDK BucketDeployment (uploads the SPA and config.json) ';
  const siteBucketArn = `<${logicalId(web.siteBucket.node.defaultChild as CfnResource)}.Arn>/*`;
  const assetBucket = `arn:<AWS::Partition>:s3:::cdk-${DefaultStackSynthesizer.DEFAULT_QUALIFIER}-assets-<AWS::AccountId>-<AWS::Region>/*`;
  const deploymentWildcards: [finding: string, why: string][] = [
    ['Action::s3:GetBucket*', 'reads the CDK asset bucket'],
    ['Action::s3:GetObject*', 'reads the uploaded build zip'],
    ['Action::s3:List*', 'lists the site bucket to sync and prune'],
    ['Action::s3:Abort*', 'aborts its own failed multipart uploads'],
    ['Action::s3:DeleteObject*', 'prunes files that are no longer in the build'],
    [`Resource::${assetBucket}`, 'reads objects of the CDK bootstrap asset bucket only'],
    [`Resource::${siteBucketArn}`, 'writes objects of the site bucket only'],
    ['Resource::*', 'creates CloudFront invalidations (granted on * by aws-cdk-lib)'],
  ];
  for (const [finding, why] of deploymentWildcards) {
    ack(web.deploymentRole, `AwsSolutions-IAM5[${finding}]`, `${deployment}${why}; the grant shape is aws-cdk-lib's.`);
  }
  for (const handler of web.node.children.filter((c) => c.node.id.startsWith('Custom::CDKBucketDeployment'))) {
    ack(handler, 'AwsSolutions-L1', `${deployment}runs on the Python runtime aws-cdk-lib pins for its handler.`);
  }
}

const logicalId = (resource: CfnResource) => Stack.of(resource).getLogicalId(resource);
