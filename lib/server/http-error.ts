import { EvalInputError } from '../evaluation/eval-input-error.js';
import { EvalNotFoundError } from '../evaluation/eval-not-found-error.js';
import { ClientTurnError } from '../front-ends/client-turn-error.js';
import { InvocationNotFoundError } from '../runner/invocation-not-found-error.js';
import { AgentConfigError, InvalidRequestError, RxadkError, SessionNotFoundError } from '../utils/errors.js';

/**
 * An HTTP error answer: the status and the message sent as `{"error": message}`.
 *
 * @example
 * ```ts
 * throw new HttpError(404, 'There is no session "s9" for app "weather", user "u1".');
 * ```
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/**
 * The HTTP error for anything thrown while answering a request: an {@link HttpError} as it is,
 * `SessionNotFoundError` and `EvalNotFoundError` → 404, `InvalidRequestError` and `EvalInputError` → 400, a session that already exists →
 * 409, an app that fails to load (`AgentConfigError`) → 500 with its message, anything else → 500.
 *
 * @example
 * ```ts
 * toHttpError(new SessionNotFoundError({ appName: 'a', userId: 'u', sessionId: 's' })).status; // 404
 * ```
 */
export function toHttpError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  if (error instanceof ClientTurnError) return new HttpError(error.status, error.message);
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof SessionNotFoundError || error instanceof InvocationNotFoundError || error instanceof EvalNotFoundError) return new HttpError(404, message);
  if (error instanceof InvalidRequestError || error instanceof EvalInputError) return new HttpError(400, message);
  if (isAlreadyExists(error)) return new HttpError(409, message);
  if (error instanceof AgentConfigError) return new HttpError(500, message);
  return new HttpError(500, message || 'Internal server error.');
}

function isAlreadyExists(error: unknown): boolean {
  if (error instanceof RxadkError) return error.code === 'SESSION_ALREADY_EXISTS';
  return error instanceof Error && /already exists/i.test(error.message);
}
