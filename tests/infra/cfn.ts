import type { Template } from 'aws-cdk-lib/assertions';

/**
 * What the infra suites read out of templates: IAM statements granted to a role, and a tiny CloudFormation evaluator
 * (`resolveCfn`) for assertions that need the value a template WOULD have in a given account and region.
 */

/** An IAM policy statement as a template holds it. */
export interface Statement {
  Effect: string;
  Action: string | string[];
  Resource: unknown;
  Condition?: unknown;
}

/** A template value that may be one item or a list, as a list. */
export const list = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);

/** Every statement granted to a role: its inline policies and any AWS::IAM::Policy attached to it. */
export function roleStatements(template: Template, roleId: string): Statement[] {
  // CloudFormation JSON is untyped.
  const resources = template.toJSON().Resources as Record<string, { Type: string; Properties: any }>;
  const inline = (resources[roleId]?.Properties.Policies ?? []).flatMap(
    (p: { PolicyDocument: { Statement: Statement[] } }) => p.PolicyDocument.Statement,
  );
  const attached = Object.values(resources)
    .filter((r) => r.Type === 'AWS::IAM::Policy' && r.Properties.Roles.some((x: { Ref: string }) => x.Ref === roleId))
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement as Statement[]);
  return [...inline, ...attached];
}

/**
 * The evaluator's world: Fn::Join, pseudo parameters, Ref/GetAtt of chosen resources, and the weak cross-stack
 * references CDK writes (Fn::GetStackOutput, followed into the other stack's outputs).
 */
export interface CfnWorld {
  region: string;
  urlSuffix?: string;
  /** Template JSON of every stack, by stack name (for Fn::GetStackOutput). */
  templates: Record<string, { Resources: Record<string, unknown>; Outputs?: Record<string, { Value: unknown }> }>;
  /** Physical names of the resources whose Ref / Fn::GetAtt Arn matter, by logical id (S3 buckets). */
  bucketNames: Record<string, string>;
}

export function resolveCfn(value: unknown, world: CfnWorld, stackName: string): string {
  if (typeof value === 'string') return value;
  if (typeof value !== 'object' || value === null) throw new Error(`Cannot resolve ${JSON.stringify(value)}`);
  const node = value as Record<string, any>;
  if ('Fn::Join' in node) {
    const [delimiter, parts] = node['Fn::Join'] as [string, unknown[]];
    return parts.map((part) => resolveCfn(part, world, stackName)).join(delimiter);
  }
  if ('Ref' in node) {
    const ref = node.Ref as string;
    if (ref === 'AWS::Region') return world.region;
    if (ref === 'AWS::URLSuffix') return world.urlSuffix ?? 'amazonaws.com';
    if (ref === 'AWS::Partition') return 'aws';
    if (ref === 'AWS::AccountId') return '123456789012';
    return world.bucketNames[ref] ?? `<${ref}>`;
  }
  if ('Fn::GetAtt' in node) {
    const [logicalId, attribute] = node['Fn::GetAtt'] as [string, string];
    const bucket = world.bucketNames[logicalId];
    if (bucket && attribute === 'Arn') return `arn:aws:s3:::${bucket}`;
    return `<${logicalId}.${attribute}>`;
  }
  if ('Fn::GetStackOutput' in node) {
    const { StackName, OutputName } = node['Fn::GetStackOutput'] as { StackName: string; OutputName: string };
    const output = world.templates[StackName]?.Outputs?.[OutputName];
    if (!output) throw new Error(`No output ${OutputName} in ${StackName}`);
    return resolveCfn(output.Value, world, StackName);
  }
  throw new Error(`Cannot resolve ${JSON.stringify(value)} in ${stackName}`);
}

/** "a b; c d e" -> { a: ['b'], c: ['d', 'e'] } */
export function parseCsp(csp: string): Record<string, string[]> {
  const directives: Record<string, string[]> = {};
  for (const directive of csp.split(';')) {
    const [name, ...sources] = directive.trim().split(/\s+/);
    if (name) directives[name] = sources;
  }
  return directives;
}
