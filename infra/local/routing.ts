/**
 * Route selection as an API Gateway HTTP API does it: of the routes whose method and path match,
 * the MOST SPECIFIC wins, whatever order the table declares them in. Paths are compared segment by
 * segment from the left: a literal segment beats a {param} segment, which beats a greedy {proxy+}
 * (only allowed last); at equal paths a route for the method beats an ANY route.
 */
export interface RouteShape {
  readonly method: string;
  readonly path: string;
}

export interface RouteMatch<R extends RouteShape> {
  route: R;
  /** Decoded values of the {param} segments (a greedy one keeps its slashes). */
  pathParameters: Record<string, string>;
}

type Segment = { kind: 'literal'; text: string } | { kind: 'param' | 'greedy'; name: string };

/** Lower ranks are more specific. */
const RANK = { literal: 0, param: 1, greedy: 2 } as const;

function parseTemplate(path: string): Segment[] {
  const segments = path.split('/').slice(1);
  return segments.map((text, i) => {
    const greedy = /^\{(\w+)\+\}$/.exec(text);
    if (greedy) {
      if (i !== segments.length - 1) throw new Error(`${path}: a greedy {${greedy[1]}+} must be the last segment`);
      return { kind: 'greedy', name: greedy[1]! };
    }
    const param = /^\{(\w+)\}$/.exec(text);
    if (param) return { kind: 'param', name: param[1]! };
    if (/[{}]/.test(text)) throw new Error(`${path}: a path variable must be a whole segment`);
    return { kind: 'literal', text };
  });
}

function matchSegments(template: Segment[], actual: string[]): Record<string, string> | null {
  const params: Record<string, string> = {};
  for (const [i, segment] of template.entries()) {
    if (segment.kind === 'greedy') {
      const rest = actual.slice(i);
      if (rest.length === 0 || rest.some((part) => part === '')) return null;
      const value = decode(rest.join('/'));
      if (value === null) return null;
      params[segment.name] = value;
      return params;
    }
    const part = actual[i];
    if (part === undefined) return null;
    if (segment.kind === 'literal') {
      if (part !== segment.text) return null;
      continue;
    }
    const value = part === '' ? null : decode(part);
    if (value === null) return null;
    params[segment.name] = value;
  }
  return template.length === actual.length ? params : null;
}

function decode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null; // malformed percent-encoding: no route matches, the caller answers 404
  }
}

/** Negative when a is more specific than b. */
function compareSpecificity(a: Segment[], aMethod: string, b: Segment[], bMethod: string): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const rankA = a[i] ? RANK[a[i]!.kind] : -1;
    const rankB = b[i] ? RANK[b[i]!.kind] : -1;
    if (rankA !== rankB) return rankA - rankB;
  }
  return Number(aMethod === 'ANY') - Number(bMethod === 'ANY');
}

/** Compiles a route table into the function that picks a request's route (null: 404). */
export function routeMatcher<R extends RouteShape>(routes: readonly R[]) {
  const compiled = routes.map((route) => ({ route, segments: parseTemplate(route.path) }));
  return (method: string, path: string): RouteMatch<R> | null => {
    const actual = path.split('/').slice(1);
    let best: { route: R; segments: Segment[]; pathParameters: Record<string, string> } | null = null;
    for (const candidate of compiled) {
      if (candidate.route.method !== method && candidate.route.method !== 'ANY') continue;
      const pathParameters = matchSegments(candidate.segments, actual);
      if (!pathParameters) continue;
      const better =
        !best || compareSpecificity(candidate.segments, candidate.route.method, best.segments, best.route.method) < 0;
      if (better) best = { ...candidate, pathParameters };
    }
    return best && { route: best.route, pathParameters: best.pathParameters };
  };
}

/** The API Gateway route key of a route: "PUT /api/properties/{id}". */
export const routeKeyOf = (route: RouteShape) => `${route.method} ${route.path}`;
