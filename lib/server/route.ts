import type { IncomingMessage } from 'node:http';
import type { Observable } from 'rxjs';
import type { Reply } from './reply.js';

/**
 * What a route's handler receives.
 *
 * @example
 * ```ts
 * const handle = ({ params, body }: RouteRequest) => of(jsonReply({ session: params['session'], body }));
 * ```
 */
export interface RouteRequest {
  /** The path's `:name` segments, URI-decoded. */
  params: Record<string, string>;
  query: URLSearchParams;
  /** The parsed JSON body (`undefined` when empty or when the route does not read bodies). */
  body: unknown;
  raw: IncomingMessage;
}

/**
 * One endpoint: a method, a path pattern with `:name` segments, and a handler returning a cold
 * Observable of its {@link Reply}.
 *
 * @example
 * ```ts
 * const getSession: Route = {
 *   method: 'GET',
 *   path: '/apps/:app/users/:user/sessions/:session',
 *   handle: ({ params }) => of(jsonReply({ id: params['session'] })),
 * };
 * ```
 */
export interface Route {
  method: 'GET' | 'POST' | 'DELETE' | 'PUT' | 'PATCH';
  path: string;
  /** Read and parse a JSON body before calling `handle`. */
  readsBody?: boolean;
  /**
   * It runs an agent turn: the request waits its turn in the server's admission queue (see
   * `RequestHandlerOptions.admit`) and holds its place until its reply is written.
   */
  runsTurn?: boolean;
  handle(request: RouteRequest): Observable<Reply>;
}

/**
 * The outcome of {@link matchRoute}.
 *
 * @example
 * ```ts
 * const match: RouteMatch = matchRoute(routes, 'GET', '/list-apps');
 * if (match.kind === 'wrong-method') console.log(match.allowed); // ['POST']
 * ```
 */
export type RouteMatch =
  | { kind: 'found'; route: Route; params: Record<string, string> }
  | { kind: 'wrong-method'; allowed: string[] }
  | { kind: 'not-found' };

/**
 * Finds the route for a method and path: the first whose pattern and method match; when only
 * the pattern matches, the methods that would have.
 *
 * @example
 * ```ts
 * matchRoute([getSession], 'GET', '/apps/weather/users/u1/sessions/s1');
 * // { kind: 'found', route: getSession, params: { app: 'weather', user: 'u1', session: 's1' } }
 * ```
 */
export function matchRoute(routes: readonly Route[], method: string, pathname: string): RouteMatch {
  const segments = pathname.split('/').slice(1);
  const allowed: string[] = [];
  for (const route of routes) {
    const params = matchPath(route.path, segments);
    if (!params) continue;
    if (route.method === method) return { kind: 'found', route, params };
    allowed.push(route.method);
  }
  return allowed.length > 0 ? { kind: 'wrong-method', allowed } : { kind: 'not-found' };
}

function matchPath(pattern: string, segments: readonly string[]): Record<string, string> | undefined {
  const parts = pattern.split('/').slice(1);
  if (parts.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    const segment = segments[i]!;
    if (part.startsWith(':')) {
      const value = safeDecode(segment);
      if (value === undefined || value === '') return undefined;
      params[part.slice(1)] = value;
    } else if (part !== segment) {
      return undefined;
    }
  }
  return params;
}

function safeDecode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}
