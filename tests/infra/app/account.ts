import { routeList } from '@rent/shared';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { RUM_APP_MONITOR_NAME } from '../../../infra/lib/rum.js';
import { list, roleStatements } from '../cfn.js';
import { apiTemplate, type Synthesized, theRentApp } from '../fixture.js';

/**
 * Account deletion's purge job, the public forms' throttling and CloudWatch RUM (docs/people.md
 * "Organization purge", "Public routes", "CloudWatch RUM"): least privilege for each.
 */
let synth: Synthesized;
let api: Template;
let web: Template;
beforeAll(async () => {
  synth = await theRentApp();
  api = apiTemplate(synth);
  web = Template.fromStack(synth.stacks.web);
});

const functionNamed = (prefix: string) => {
  const entry = Object.entries(api.findResources('AWS::Lambda::Function')).find(([id]) => id.startsWith(prefix));
  expect(entry, prefix).toBeDefined();
  return { logicalId: entry![0], props: entry![1].Properties };
};
const statementsOfFunction = (prefix: string) => {
  const fn = functionNamed(prefix);
  return roleStatements(api, fn.props.Role['Fn::GetAtt'][0]);
};

describe('the organization purge job', () => {
  it('reads and deletes table items (no Scan) and only uploaded objects, listing only under their prefixes', () => {
    const statements = statementsOfFunction('JobsPurgeOrganizationFunction');
    const actions = statements.flatMap((s) => list(s.Action));
    expect(actions).toEqual(
      expect.arrayContaining(['dynamodb:Query', 'dynamodb:BatchWriteItem', 'dynamodb:DeleteItem']),
    );
    expect(actions).not.toContain('dynamodb:Scan');
    const s3 = statements.filter((s) => list(s.Action).some((a) => a.startsWith('s3:')));
    expect(s3.flatMap((s) => list(s.Action)).sort()).toEqual(['s3:DeleteObject', 's3:ListBucket']);
    const listing = s3.find((s) => list(s.Action).includes('s3:ListBucket'))!;
    expect(listing.Condition).toEqual({ StringLike: { 's3:prefix': ['receipts/*', 'maintenance-photos/*'] } });
    const deleting = s3.find((s) => list(s.Action).includes('s3:DeleteObject'))!;
    expect(list(deleting.Resource)).toHaveLength(2);
    expect(JSON.stringify(deleting.Resource)).toContain('/receipts/*');
    expect(JSON.stringify(deleting.Resource)).toContain('/maintenance-photos/*');
    expect(actions.filter((a) => !/^(dynamodb|logs|s3):/.test(a))).toEqual([]);
  });

  it('runs up to 15 minutes, retries an unfinished run twice (async), and knows the table and bucket', () => {
    const { logicalId, props } = functionNamed('JobsPurgeOrganizationFunction');
    expect(props.Timeout).toBe(900);
    expect(Object.keys(props.Environment.Variables)).toEqual(
      expect.arrayContaining(['TABLE_NAME', 'RECEIPTS_BUCKET', 'CURSOR_SECRET']),
    );
    api.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      FunctionName: { Ref: logicalId },
      MaximumRetryAttempts: 2,
    });
    api.hasOutput('PurgeOrganizationFunctionName', { Value: { Ref: logicalId } });
  });

  it('is invoked by the account-deletion route only: exactly that function, by name in its environment', () => {
    const { logicalId } = functionNamed('JobsPurgeOrganizationFunction');
    const roles = Object.keys(api.findResources('AWS::IAM::Role'));
    // The route stacks reach the job through the Api stack's outputs: follow them to what they name.
    const outputs = api.toJSON().Outputs as Record<string, { Value: unknown }>;
    const target = (value: any) => outputs[value?.['Fn::GetStackOutput']?.OutputName]?.Value ?? value;
    const invokesPurge = (s: { Action: string | string[]; Resource: unknown }) =>
      list(s.Action).includes('lambda:InvokeFunction') &&
      JSON.stringify(target(s.Resource)) === JSON.stringify({ 'Fn::GetAtt': [logicalId, 'Arn'] });
    const invokers = roles.filter((roleId) => roleStatements(api, roleId).some(invokesPurge));
    expect(invokers).toHaveLength(1);
    const deleteFn = functionNamed('deleteAccountFunction');
    expect(invokers[0]).toBe(deleteFn.props.Role['Fn::GetAtt'][0]);
    expect(target(deleteFn.props.Environment.Variables.PURGE_FUNCTION_NAME)).toEqual({ Ref: logicalId });
    const cognito = statementsOfFunction('deleteAccountFunction')
      .flatMap((s) => list(s.Action))
      .filter((a) => a.startsWith('cognito-idp:'));
    expect(cognito).toEqual(['cognito-idp:AdminDeleteUser']);
  });
});

describe('public routes', () => {
  it('each has its own API Gateway throttle on the stage, below the stage default', () => {
    const throttled = routeList.filter((r) => 'throttle' in r && r.throttle);
    expect(throttled.length).toBe(7);
    const stage = Object.values(api.findResources('AWS::ApiGatewayV2::Stage'))[0]!.Properties;
    for (const route of throttled) {
      const settings = stage.RouteSettings[`${route.method} ${route.path}`];
      expect(settings, route.id).toEqual({
        ThrottlingRateLimit: (route as { throttle: { rateLimit: number } }).throttle.rateLimit,
        ThrottlingBurstLimit: (route as { throttle: { burstLimit: number } }).throttle.burstLimit,
      });
      expect(settings.ThrottlingRateLimit).toBeLessThan(stage.DefaultRouteSettings.ThrottlingRateLimit);
    }
  });

  it('sends contact messages to the configured support address', () => {
    expect(functionNamed('sendContactMessageFunction').props.Environment.Variables.SUPPORT_EMAIL).toBe(
      'support@rent.example.com',
    );
  });
});

describe('CloudWatch RUM', () => {
  it('monitors the site domain for web vitals and errors, without cookies, through an identity pool guest role', () => {
    web.hasResourceProperties('AWS::RUM::AppMonitor', {
      Name: RUM_APP_MONITOR_NAME,
      Domain: 'rent.example.com',
      AppMonitorConfiguration: Match.objectLike({
        AllowCookies: false,
        Telemetries: ['performance', 'errors'],
        IdentityPoolId: Match.anyValue(),
        GuestRoleArn: Match.anyValue(),
      }),
    });
    web.hasResourceProperties('AWS::Cognito::IdentityPool', { AllowUnauthenticatedIdentities: true });
    web.hasResourceProperties('AWS::Cognito::IdentityPoolRoleAttachment', {
      Roles: { unauthenticated: Match.anyValue() },
    });
  });

  it("lets the guest role do exactly rum:PutRumEvents on this monitor, assumed only by the pool's guests", () => {
    const roles = Object.entries(web.findResources('AWS::IAM::Role')).filter(([id]) => id.startsWith('RumGuestRole'));
    expect(roles).toHaveLength(1);
    const [roleId, role] = roles[0]!;
    const trust = JSON.stringify(role.Properties.AssumeRolePolicyDocument);
    expect(trust).toContain('cognito-identity.amazonaws.com:amr');
    expect(trust).toContain('unauthenticated');
    const statements = roleStatements(web, roleId);
    expect(statements.flatMap((s) => list(s.Action))).toEqual(['rum:PutRumEvents']);
    expect(JSON.stringify(statements[0]!.Resource)).toContain(`:appmonitor/${RUM_APP_MONITOR_NAME}`);
  });

  it('admits the RUM, Cognito identity and STS endpoints in the CSP connect-src', () => {
    const text = JSON.stringify(web.findResources('AWS::CloudFront::ResponseHeadersPolicy'));
    for (const host of ['dataplane.rum.', 'cognito-identity.', 'sts.']) expect(text).toContain(host);
  });
});
