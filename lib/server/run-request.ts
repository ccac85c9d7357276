import type { Content } from '@google/genai';
import { HttpError } from './http-error.js';

/**
 * The body of `POST /run` and `POST /run_sse`, as Google ADK's API server takes it (camelCase;
 * the snake_case names ADK's Python clients send are accepted too). With `invocationId` (a
 * resumable app) it resumes that invocation, and `newMessage` may be left out.
 *
 * @example
 * ```ts
 * const body: RunRequest = {
 *   appName: 'weather', userId: 'user', sessionId: 's1',
 *   newMessage: { role: 'user', parts: [{ text: 'What is the weather in Paris?' }] },
 *   streaming: true, trace: true,
 * };
 * ```
 */
export interface RunRequest {
  appName: string;
  userId: string;
  sessionId: string;
  /** Required unless `invocationId` is given. */
  newMessage?: Content;
  /** Resume this unfinished invocation (ADK's `RunAgentRequest.invocation_id`; resumable apps). */
  invocationId?: string;
  /** State changes stored with the user's event. */
  stateDelta?: Record<string, unknown>;
  /** Stream partial model chunks as partial events (`RunConfig.streamingMode: 'sse'`). */
  streaming: boolean;
  /** rxadk extension of `/run_sse`: interleave the run's trace entries as `event: trace` messages. */
  trace: boolean;
}

/**
 * Validates a run request body; throws an {@link HttpError} 400 that names every missing or
 * malformed field.
 *
 * @example
 * ```ts
 * parseRunRequest({ appName: 'weather' });
 * // HttpError 400: Invalid run request: userId must be a non-empty string; sessionId ...; newMessage ...
 * ```
 */
export function parseRunRequest(body: unknown): RunRequest {
  if (!isRecord(body)) {
    throw new HttpError(400, 'The run request must be a JSON object: {appName, userId, sessionId, newMessage, invocationId?, stateDelta?, streaming?}.');
  }
  const field = (camel: string, snake: string): unknown => body[camel] ?? body[snake];
  const appName = field('appName', 'app_name');
  const userId = field('userId', 'user_id');
  const sessionId = field('sessionId', 'session_id');
  const newMessage = field('newMessage', 'new_message');
  const stateDelta = field('stateDelta', 'state_delta');
  const invocationId = field('invocationId', 'invocation_id');
  const resuming = nonEmptyString(invocationId) && (newMessage === undefined || newMessage === null);
  const problems = [
    nonEmptyString(appName) ? undefined : 'appName must be a non-empty string',
    nonEmptyString(userId) ? undefined : 'userId must be a non-empty string',
    nonEmptyString(sessionId) ? undefined : 'sessionId must be a non-empty string',
    invocationId === undefined || invocationId === null || nonEmptyString(invocationId) ? undefined : 'invocationId must be a non-empty string',
    resuming || isMessage(newMessage) ? undefined : "newMessage must be a Content with at least one part, e.g. {\"role\":\"user\",\"parts\":[{\"text\":\"Hi\"}]}",
    stateDelta === undefined || stateDelta === null || isRecord(stateDelta) ? undefined : 'stateDelta must be an object',
  ].filter((problem): problem is string => problem !== undefined);
  if (problems.length > 0) throw new HttpError(400, `Invalid run request: ${problems.join('; ')}.`);
  return {
    appName: appName as string,
    userId: userId as string,
    sessionId: sessionId as string,
    ...(resuming ? {} : { newMessage: { ...(newMessage as Content), role: (newMessage as Content).role ?? 'user' } }),
    ...(nonEmptyString(invocationId) ? { invocationId } : {}),
    ...(isRecord(stateDelta) ? { stateDelta } : {}),
    streaming: body['streaming'] === true,
    trace: body['trace'] === true,
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0;
}

function isMessage(value: unknown): value is Content {
  return isRecord(value) && Array.isArray(value['parts']) && value['parts'].length > 0 && value['parts'].every(isRecord);
}
