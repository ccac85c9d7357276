import { HttpError } from './http-error.js';

/**
 * What a session-creating request asks for.
 *
 * @example
 * ```ts
 * const body: CreateSessionBody = { state: { visits: 1 }, sessionId: 'my-session' };
 * ```
 */
export interface CreateSessionBody {
  state?: Record<string, unknown>;
  sessionId?: string;
}

const REQUEST_KEYS = new Set(['state', 'sessionId', 'session_id']);

/**
 * Reads the optional body of `POST /apps/{app}/users/{user}/sessions[/{id}]`. Both forms Google
 * ADK's server has taken are accepted: `{state?, sessionId?}`, or the initial state itself
 * (`{"visits": 1}`) — a body whose keys are not all `state` / `sessionId` is the state. An empty
 * body creates an empty session. Anything else is an {@link HttpError} 400.
 *
 * @example
 * ```ts
 * parseCreateSessionBody({ state: { visits: 1 } });  // { state: { visits: 1 } }
 * parseCreateSessionBody({ visits: 1 });             // { state: { visits: 1 } }
 * parseCreateSessionBody(undefined);                 // {}
 * ```
 */
export function parseCreateSessionBody(body: unknown): CreateSessionBody {
  if (body === undefined || body === null) return {};
  if (!isRecord(body)) throw new HttpError(400, 'The body must be a JSON object: {"state": {...}, "sessionId": "..."} (both optional).');
  const keys = Object.keys(body);
  if (keys.length === 0 || !keys.every((key) => REQUEST_KEYS.has(key))) return keys.length ? { state: body } : {};
  const state = body['state'];
  const sessionId = body['sessionId'] ?? body['session_id'];
  if (state !== undefined && state !== null && !isRecord(state)) throw new HttpError(400, 'state must be a JSON object.');
  if (sessionId !== undefined && sessionId !== null && (typeof sessionId !== 'string' || sessionId === '')) {
    throw new HttpError(400, 'sessionId must be a non-empty string.');
  }
  return {
    ...(isRecord(state) ? { state } : {}),
    ...(typeof sessionId === 'string' ? { sessionId } : {}),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
