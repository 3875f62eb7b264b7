/**
 * Which requests of the site get the SPA (docs/deploy.md "SPA routing"). SPA_ROUTING_CODE is the CloudFront
 * viewer-request function exactly as the Web stack deploys it; `spaRoute` runs that same code, so the local origin
 * (infra/local/static.ts) and the tests make the very decision CloudFront makes.
 *
 * A request is for a file when it is under /assets/ (the build's hashed chunks) or its last segment ends in one of
 * FILE_EXTENSIONS (the build's other files: index.html, the public folder, config.json); every other path is an app
 * route and gets /index.html. A dot alone does not make a file: links in emails end in tokens with dots
 * (/unsubscribe/<user>.<KIND>.<signature>).
 */
export const FILE_EXTENSIONS = [
  'html',
  'js',
  'mjs',
  'css',
  'map',
  'json',
  'txt',
  'xml',
  'webmanifest',
  'svg',
  'png',
  'jpg',
  'jpeg',
  'gif',
  'webp',
  'avif',
  'ico',
  'woff',
  'woff2',
  'ttf',
  'otf',
  'wasm',
  'pdf',
];

// Plain ES5 with one global `handler`, as CloudFront Functions (cloudfront-js-2.0) run it.
export const SPA_ROUTING_CODE = [
  `var FILE_EXTENSIONS = ${JSON.stringify(FILE_EXTENSIONS)};`,
  'function handler(event) {',
  '  var request = event.request;',
  '  var uri = request.uri;',
  "  if (uri.indexOf('/assets/') === 0) return request;",
  "  var last = uri.substring(uri.lastIndexOf('/') + 1);",
  "  var dot = last.lastIndexOf('.');",
  '  var extension = dot === -1 ? null : last.substring(dot + 1).toLowerCase();',
  "  if (extension === null || FILE_EXTENSIONS.indexOf(extension) === -1) request.uri = '/index.html';",
  '  return request;',
  '}',
].join('\n');

type Handler = (event: { request: { uri: string } }) => { uri: string };
// Evaluated once, here, so everyone who asks runs the deployed code itself.
const handler = new Function(`${SPA_ROUTING_CODE}\nreturn handler;`)() as Handler;

/** The object a request path is served from: '/index.html' for an app route, else the path itself. */
export const spaRoute = (uri: string): string => handler({ request: { uri } }).uri;
