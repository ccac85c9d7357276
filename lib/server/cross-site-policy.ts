import type { IncomingHttpHeaders } from 'node:http';
import { isIP } from 'node:net';

/**
 * Which browsers' requests the dev server answers: the `Host` names it accepts (against DNS
 * rebinding) and the cross-site origins it allows (CORS).
 *
 * @example
 * ```ts
 * const policy = crossSitePolicy({ host: '127.0.0.1', allowOrigins: ['http://localhost:4200'] });
 * ```
 */
export interface CrossSitePolicy {
  /** Host names accepted besides loopback names and IP literals. */
  readonly hosts: ReadonlySet<string>;
  /** Origins allowed to call the API from another site (`*` allows any). */
  readonly origins: ReadonlySet<string>;
}

/**
 * The policy for a server bound to `host` (default loopback) with `allowOrigins` (ADK's
 * `--allow_origins`): it accepts `Host` headers naming loopback (`localhost`, `*.localhost`), any
 * IP literal (DNS rebinding needs a DNS name), and the bound host name; and cross-site requests
 * only from `allowOrigins`.
 *
 * @example
 * ```ts
 * crossSitePolicy({ host: 'devbox.lan' }).hosts; // Set { 'devbox.lan' }
 * ```
 */
export function crossSitePolicy(options: { host?: string; allowOrigins?: readonly string[] } = {}): CrossSitePolicy {
  const bound = (options.host ?? '').toLowerCase();
  return {
    hosts: new Set(bound && !isIP(bound) ? [bound] : []),
    origins: new Set((options.allowOrigins ?? []).map((origin) => origin.trim().replace(/\/+$/, '')).filter(Boolean)),
  };
}

/**
 * Why a request must be refused (403), or `undefined` to answer it:
 * - its `Host` names neither loopback, an IP literal, nor the host the server is bound to (a
 *   DNS-rebinding page);
 * - its `Origin` is another site's, not in the allowed origins — for every method, "simple"
 *   requests (a `text/plain` POST from a form or `fetch(..., {mode: 'no-cors'})`) included.
 *
 * @example
 * ```ts
 * crossSiteRefusal({ host: '127.0.0.1:8000', origin: 'http://evil.example' }, policy);
 * // 'Origin "http://evil.example" may not call this server. Start it with --allow-origins http://evil.example to allow it.'
 * ```
 */
export function crossSiteRefusal(headers: IncomingHttpHeaders, policy: CrossSitePolicy): string | undefined {
  const host = headers.host ?? '';
  if (!hostAllowed(hostName(host), policy)) {
    return `Host "${host}" is not one this server answers to (a DNS-rebinding guard). Use http://127.0.0.1 or localhost, or start the server with --host <that name>.`;
  }
  const origin = headers.origin;
  if (origin === undefined || originAllowed(origin, host, policy)) return undefined;
  return `Origin "${origin}" may not call this server. Start it with --allow-origins ${origin} to allow it.`;
}

/**
 * The CORS headers for a request from an allowed other origin (none for same-origin requests).
 *
 * @example
 * ```ts
 * corsHeaders({ host: '127.0.0.1:8000', origin: 'http://localhost:4200' }, policy);
 * // { 'Access-Control-Allow-Origin': 'http://localhost:4200', Vary: 'Origin' }
 * ```
 */
export function corsHeaders(headers: IncomingHttpHeaders, policy: CrossSitePolicy): Record<string, string> {
  const origin = headers.origin;
  if (origin === undefined || sameOrigin(origin, headers.host ?? '') || !listed(origin, policy)) return {};
  return { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' };
}

/**
 * The answer to a CORS preflight (`OPTIONS` with `Access-Control-Request-Method`) from an allowed
 * origin: the methods and the requested headers, cached for 10 minutes.
 *
 * @example
 * ```ts
 * preflightHeaders({ origin: 'http://localhost:4200', 'access-control-request-headers': 'content-type' }, policy);
 * ```
 */
export function preflightHeaders(headers: IncomingHttpHeaders, policy: CrossSitePolicy): Record<string, string> {
  return {
    ...corsHeaders(headers, policy),
    'Access-Control-Allow-Methods': 'GET, POST, PATCH, DELETE, OPTIONS',
    'Access-Control-Allow-Headers': headers['access-control-request-headers'] ?? 'content-type',
    'Access-Control-Max-Age': '600',
  };
}

function hostName(host: string): string {
  const name = host.startsWith('[') ? host.slice(1, host.indexOf(']')) : host.replace(/:\d+$/, '');
  return name.toLowerCase();
}

function hostAllowed(name: string, policy: CrossSitePolicy): boolean {
  return name === 'localhost' || name.endsWith('.localhost') || isIP(name) !== 0 || policy.hosts.has(name);
}

function originAllowed(origin: string, host: string, policy: CrossSitePolicy): boolean {
  return sameOrigin(origin, host) || listed(origin, policy);
}

function sameOrigin(origin: string, host: string): boolean {
  try {
    return new URL(origin).host === host.toLowerCase();
  } catch {
    return false;
  }
}

function listed(origin: string, policy: CrossSitePolicy): boolean {
  return policy.origins.has('*') || policy.origins.has(origin.replace(/\/+$/, ''));
}
