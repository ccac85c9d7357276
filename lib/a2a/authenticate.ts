import type { IncomingMessage } from 'node:http';
import type { MaybeAsync } from '../utils/from-maybe-async.js';

/**
 * Who is calling an A2A server: the user id a request authenticates as, or `undefined` to refuse
 * it (401, the agent never runs). The user id keys the caller's sessions and tasks: a context or
 * task id of another user opens nothing.
 *
 * @example
 * ```ts
 * const byHeader: A2aAuthenticate = (req) => (req.headers['x-api-key'] === process.env.KEY ? 'service-a' : undefined);
 * ```
 */
export type A2aAuthenticate = (request: IncomingMessage) => MaybeAsync<string>;

/**
 * Bearer-token authentication: `Authorization: Bearer <token>` with one of the given tokens
 * authenticates as its user id; anything else is refused.
 *
 * @example
 * ```ts
 * toA2a(app, { authenticate: bearerTokens({ [process.env.A2A_TOKEN!]: 'coordinator' }) });
 * ```
 */
export function bearerTokens(tokens: Readonly<Record<string, string>> | ReadonlyMap<string, string>): A2aAuthenticate {
  const users = tokens instanceof Map ? new Map(tokens) : new Map(Object.entries(tokens));
  return (request) => {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
    return match ? users.get(match[1]!) : undefined;
  };
}

/**
 * The default when no `authenticate` is given: a single local user, for calls from this machine
 * only (the loopback addresses); calls from anywhere else are refused.
 *
 * @example
 * ```ts
 * toA2a(app, { authenticate: localUserOnly('me') });
 * ```
 */
export function localUserOnly(userId = 'local'): A2aAuthenticate {
  return (request) => (isLoopback(request.socket.remoteAddress) ? userId : undefined);
}

function isLoopback(address: string | undefined): boolean {
  return address === '::1' || /^(::ffff:)?127\./.test(address ?? '');
}
