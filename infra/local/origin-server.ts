import type { IncomingMessage, ServerResponse } from 'node:http';
import { createSecureServer, type Http2ServerRequest, type Http2ServerResponse, type Http2Session } from 'node:http2';
import type { Socket } from 'node:net';

type Handler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

/** Headers HTTP/2 forbids in a response (RFC 9113 §8.2.2); an upstream HTTP/1.1 answer may carry them. */
const CONNECTION_HEADERS = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade']);

/**
 * The one local HTTPS origin, over HTTP/2 with HTTP/1.1 for clients that do not offer it (as CloudFront serves
 * both). Every handler behind it is written against node:http's request and response; an HTTP/2 request is given
 * the same shape first: `host` from `:authority` (SigV4 signs the host header), no pseudo-headers (API Gateway
 * forwards none), and response headers that HTTP/2 forbids are dropped instead of throwing.
 */
export function createOriginServer(tls: { key: string; cert: string }, handle: Handler) {
  const server = createSecureServer({ ...tls, allowHTTP1: true });
  const sessions = new Set<Http2Session>();
  const sockets = new Set<Socket>();
  server.on('session', (session) => {
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
  });
  server.on('secureConnection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('request', (req: IncomingMessage | Http2ServerRequest, res: ServerResponse | Http2ServerResponse) => {
    if (req.httpVersionMajor === 2) asHttp1(req as Http2ServerRequest, res as Http2ServerResponse);
    void handle(req as IncomingMessage, res as ServerResponse);
  });
  return {
    server,
    /** Stops listening and ends open connections: a browser keeps an HTTP/2 session open for as long as it likes. */
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const session of sessions) session.close();
        for (const socket of sockets) socket.destroy();
      }),
  };
}

function asHttp1(req: Http2ServerRequest, res: Http2ServerResponse) {
  const headers = req.headers;
  // url and method are read from the pseudo-headers: pin them on the request before the headers lose them.
  Object.defineProperties(req, { url: { value: req.url }, method: { value: req.method } });
  headers.host ??= headers[':authority'] as string | undefined;
  for (const name of Object.keys(headers)) if (name.startsWith(':')) delete headers[name];

  const setHeader = res.setHeader.bind(res);
  res.setHeader = (name: string, value: number | string | readonly string[]) =>
    CONNECTION_HEADERS.has(name.toLowerCase()) ? res : setHeader(name, value);
  const writeHead = res.writeHead.bind(res) as (status: number, headers?: Record<string, unknown>) => unknown;
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    const given = rest.find((r) => typeof r === 'object' && r !== null) as Record<string, unknown> | undefined;
    if (!given) return writeHead(status);
    const allowed = Object.fromEntries(
      Object.entries(given).filter(
        ([name, value]) => !CONNECTION_HEADERS.has(name.toLowerCase()) && value !== undefined,
      ),
    );
    return writeHead(status, allowed);
  }) as typeof res.writeHead;
}
