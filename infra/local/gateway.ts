import type { IncomingMessage, ServerResponse } from 'node:http';
import { pathToFileURL } from 'node:url';
import { type RouteDef, routeList } from '@rent/shared';
import { JwtVerifier } from 'aws-jwt-verify';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyResultV2, Context } from 'aws-lambda';
import type { JWK } from 'jose';
import { apiGatewayEvent } from './apigw-event.js';
import { functionsHttpDir } from './paths.js';
import { routeKeyOf, routeMatcher } from './routing.js';

type Handler = (event: APIGatewayProxyEventV2WithJWTAuthorizer, context: Context) => Promise<APIGatewayProxyResultV2>;

/** API Gateway's HTTP API payload limit. */
const MAX_PAYLOAD_BYTES = 10 * 1024 * 1024;

/**
 * The local stand-in for API Gateway: routes by the same table CDK uses, verifies the JWT as the
 * HTTP API's JWT authorizer would (issuer, audience or client_id, expiry, signature), builds a
 * payload-2.0 event and calls the very handler module Lambda would run.
 */
export async function createGateway(opts: { issuer: string; clientId: string; jwk: JWK }) {
  const verifier = JwtVerifier.create({
    issuer: opts.issuer,
    audience: null,
    customJwtCheck: ({ payload }) => {
      if (payload.aud !== opts.clientId && payload.client_id !== opts.clientId) throw new Error('wrong audience');
    },
  });
  verifier.cacheJwks({ keys: [opts.jwk as never] });

  const handlers = new Map<RouteDef, Handler>(
    await Promise.all(
      routeList.map(async (route: RouteDef) => {
        const module = (await import(pathToFileURL(`${functionsHttpDir}/${route.id}.ts`).href)) as { handler: Handler };
        return [route, module.handler] as const;
      }),
    ),
  );
  // The most specific route wins, as in API Gateway, so the table's order does not matter.
  const matchRoute = routeMatcher<RouteDef>(routeList);

  // A verified token stays valid until it expires: skip the signature check when it comes back.
  const verified = new Map<string, Record<string, unknown>>();
  async function verify(authorization: string | undefined): Promise<Record<string, unknown> | null> {
    const token = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1];
    if (!token) return null;
    const known = verified.get(token);
    if (known && Number(known.exp) * 1000 > Date.now()) return known;
    try {
      const claims = (await verifier.verify(token)) as Record<string, unknown>;
      if (verified.size > 10_000) verified.clear();
      verified.set(token, claims);
      return claims;
    } catch {
      return null;
    }
  }

  return async function handle(req: IncomingMessage, res: ServerResponse, url: URL) {
    const method = req.method ?? 'GET';
    const matched = matchRoute(method, url.pathname);
    if (!matched) return reply(res, 404, { message: 'Not Found' });
    const { route, pathParameters } = matched;
    const handler = handlers.get(route)!;

    // A public route has no authorizer in AWS: no token is checked and the event carries no claims.
    const claims = route.public ? null : await verify(req.headers.authorization);
    // Exactly what an HTTP API's JWT authorizer answers; the handler never runs.
    if (!claims && !route.public) return reply(res, 401, { message: 'Unauthorized' });

    const declared = Number(req.headers['content-length'] ?? 0);
    const body = declared > MAX_PAYLOAD_BYTES ? null : await readBody(req);
    if (body === null) {
      req.resume(); // discarded, so the client can finish sending and read the answer
      return reply(res, 413, { message: 'Request Entity Too Large' });
    }

    const event = apiGatewayEvent({
      method,
      rawPath: url.pathname,
      rawQueryString: url.search.slice(1),
      routeKey: routeKeyOf(route),
      pathParameters,
      headers: req.headers,
      body,
      claims,
      sourceIp: req.socket.remoteAddress,
    });
    const result = await handler(event, lambdaContext(route.id, event.requestContext.requestId));
    if (typeof result === 'string') return reply(res, 200, result, 'application/json');
    const headers: Record<string, string | string[]> = { ...(result.headers as Record<string, string>) };
    // Payload 2.0 returns cookies apart from the headers; API Gateway turns them into Set-Cookie.
    if (result.cookies?.length) headers['set-cookie'] = result.cookies;
    res.writeHead(result.statusCode ?? 200, headers);
    res.end(
      result.body === undefined ? undefined : Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8'),
    );
  };
}

function readBody(req: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_PAYLOAD_BYTES) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(tooLarge ? null : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function lambdaContext(functionName: string, awsRequestId: string): Context {
  const deadline = Date.now() + 29_000;
  return {
    awsRequestId,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '512',
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    callbackWaitsForEmptyEventLoop: false,
    getRemainingTimeInMillis: () => deadline - Date.now(),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

function reply(res: ServerResponse, status: number, body: unknown, type = 'application/json') {
  res.writeHead(status, { 'content-type': type }).end(typeof body === 'string' ? body : JSON.stringify(body));
}
