import type * as z from 'zod';
import type { Role } from '../domain/roles.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a route's Lambda does with the receipts bucket (CDK grants exactly these, on receipts/*). */
export type BucketAction = 's3:PutObject' | 's3:GetObject' | 's3:DeleteObject';

/** What a route's Lambda may do to the Cognito user pool (CDK grants exactly these, on that pool). */
export type UserPoolAction = 'cognito-idp:AdminUserGlobalSignOut' | 'cognito-idp:AdminDeleteUser';

/** Background jobs a route starts (CDK grants lambda:InvokeFunction on exactly that job). */
export type JobName = 'buildTaxPackage' | 'purgeOrganization';

/** KMS actions on the Plaid token key: seal a new link's token, or open one to call Plaid with it. */
export type PlaidTokenKeyAction = 'kms:GenerateDataKey' | 'kms:Decrypt';

/**
 * One endpoint, declared once. CDK makes a Lambda + HTTP API route from it, the local gateway
 * routes to the same handler module, and the web client is typed from its schemas.
 */
export interface RouteDef {
  /** Also the handler's file name: functions/src/http/<id>.ts */
  readonly id: string;
  readonly method: HttpMethod;
  /** AWS-style path, e.g. /api/properties/{id} */
  readonly path: `/api/${string}`;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly response: z.ZodType;
  /** Who may call it; enforced by the http() wrapper on the server, mirrored in the UI. */
  readonly roles: readonly Role[];
  /** Success status (default 200). */
  readonly status?: 200 | 201 | 202 | 204;
  /** Request bodies above this many bytes answer 413 before parsing (default 64 KiB). */
  readonly maxBodyBytes?: number;
  /**
   * Receipts-bucket actions the handler needs, including those a presigned URL it makes will
   * perform (a presigned PUT is authorised by the signer's s3:PutObject). None when absent.
   */
  readonly bucketAccess?: readonly BucketAction[];
  /** User-pool actions the handler calls (the pool's id reaches it as USER_POOL_ID). None when absent. */
  readonly userPoolAccess?: readonly UserPoolAction[];
  /**
   * The query carries `organizationId` (the rule calls, docs/rules.md "Routes"). The http() wrapper answers 404 when it
   * names another organization than the caller's; the organization itself always comes from the membership.
   */
  readonly orgScopedQuery?: true;
  /**
   * Invitations (docs/people.md "Identity"): `public` routes have no JWT authorizer (CDK, local gateway) and no caller;
   * `membership: 'optional'` routes need a signed-in person but neither require nor create an organization
   * (a first sign-in that arrives through an invitation must not get one of its own).
   */
  readonly public?: true;
  readonly membership?: 'optional';
  /** The handler sends email through SES (CDK grants ses:SendEmail and sets the sender). */
  readonly sendsEmail?: true;
  /** The handler enqueues bank syncs (CDK grants sqs:SendMessage on the sync queue alone and sets SYNC_QUEUE_URL). */
  readonly enqueuesSync?: true;
  /**
   * The handler calls Plaid (CDK gives it PLAID_BASE_PATH, PLAID_CLIENT_ID, PLAID_SECRET, PLAID_WEBHOOK_URL); implied
   * by `plaidTokenKey`.
   */
  readonly callsPlaid?: true;
  /** What the handler does with the KMS key sealing Plaid access tokens (CDK grants exactly these; PLAID_TOKEN_KEY_ID). */
  readonly plaidTokenKey?: readonly PlaidTokenKeyAction[];
  /** The background job the handler starts (CDK grants lambda:InvokeFunction on exactly it and names it in the env). */
  readonly startsJob?: JobName;
  /**
   * A GET that also writes what its answer is read from: the match index, which its first read builds and later reads
   * fold (docs/ledger.md "Match index"). CDK grants it the table's writes, and it waits for identity before it
   * starts, as a write does (`onlyReads`).
   */
  readonly maintainsIndex?: true;
  /** Tax package: actions on the built packages (tax-packages/* in the receipts bucket). */
  readonly packageAccess?: readonly BucketAction[];
  /** API Gateway throttling of this route alone (public forms), below the stage's. */
  readonly throttle?: { readonly rateLimit: number; readonly burstLimit: number };
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type In<S> = S extends z.ZodType ? z.input<S> : undefined;

export type RouteParams<R extends RouteDef> = Out<R['params']>;
export type RouteQuery<R extends RouteDef> = Out<R['query']>;
export type RouteBody<R extends RouteDef> = Out<R['body']>;
/** What the handler returns: the wire form before serialisation. */
export type RouteResult<R extends RouteDef> = z.input<R['response']>;
export type RouteResponse<R extends RouteDef> = z.output<R['response']>;

/** What the web client passes: only the parts the route declares. */
export type RouteInput<R extends RouteDef> = (R['params'] extends z.ZodType ? { params: In<R['params']> } : unknown) &
  (R['query'] extends z.ZodType ? { query?: In<R['query']> } : unknown) &
  (R['body'] extends z.ZodType ? { body: In<R['body']> } : unknown);

/** Fills {name} placeholders, encoding each value. */
export function fillPath(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** Turns /api/properties/{id} into a matcher that returns the decoded params or null. */
export function pathMatcher(path: string): (actual: string) => Record<string, string> | null {
  const names: string[] = [];
  const pattern = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{(\w+)\\?\}/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  const regex = new RegExp(`^${pattern}$`);
  return (actual) => {
    const match = regex.exec(actual);
    if (!match) return null;
    const params: Record<string, string> = {};
    try {
      names.forEach((name, i) => {
        params[name] = decodeURIComponent(match[i + 1]!);
      });
    } catch {
      return null; // malformed percent-encoding: no route matches
    }
    return params;
  };
}

/**
 * A route that only reads: CDK grants it no update or delete, and it may start beside identity's read (a start that
 * is dropped leaves nothing behind).
 */
export const onlyReads = (route: Pick<RouteDef, 'method' | 'maintainsIndex'>) =>
  route.method === 'GET' && !route.maintainsIndex;
