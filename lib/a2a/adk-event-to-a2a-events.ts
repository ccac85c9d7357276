import type { Message, Part as A2aPart, TaskState, TaskStatusUpdateEvent } from '@a2a-js/sdk';
import type { Event } from '../events/event.js';
import { REQUEST_EUC_FUNCTION_CALL_NAME } from '../events/framework-function-names.js';
import { defaultIdGenerator, type IdGenerator } from '../utils/ids.js';
import type { A2aEventScope } from './a2a-event-scope.js';
import { adkMetadataKey, DATA_PART_TYPES } from './adk-metadata-key.js';
import { genaiPartToA2aPart } from './genai-part-to-a2a-part.js';
import { pythonJsonDumps } from './python-json-dumps.js';
import { ROLES, TASK_STATES } from './task-states.js';

/** ADK Python's text for a failed event without an error message. */
const DEFAULT_ERROR_MESSAGE = 'An error occurred during processing';

/**
 * Converts one ADK event into the A2A status updates ADK Python's event converter makes of it:
 *
 * - an event with an `errorCode` → a `failed` update whose message is the error message
 *   (metadata `adk_error_code`);
 * - an event with content → an update carrying it as a message (parts as
 *   {@link genaiPartToA2aPart} makes them; a long-running call's part gets `adk_is_long_running`),
 *   in state `auth-required` when it holds a long-running `adk_request_credential` call,
 *   `input-required` when it holds another long-running call (a tool confirmation is one),
 *   `working` otherwise.
 *
 * Each update carries the event's context under `adk_*` keys: `adk_app_name`, `adk_user_id`,
 * `adk_session_id`, `adk_invocation_id`, `adk_author`, `adk_event_id`, and when set
 * `adk_branch`, `adk_grounding_metadata`, `adk_custom_metadata` (JSON text, as Python's
 * `json.dumps` writes it), `adk_usage_metadata`, `adk_error_code`, `adk_actions`.
 *
 * @example
 * ```ts
 * const [update] = adkEventToA2aEvents(event, { appName: 'weather', userId: 'u1', sessionId: 'c1', taskId: 't1', contextId: 'c1' });
 * update.status?.state; // TASK_STATES.working
 * update.metadata?.['adk_author']; // 'weather_agent'
 * ```
 */
export function adkEventToA2aEvents(event: Event, scope: A2aEventScope, ids: IdGenerator = defaultIdGenerator): TaskStatusUpdateEvent[] {
  const updates: TaskStatusUpdateEvent[] = [];
  if (event.errorCode) updates.push(errorUpdate(event, scope, ids));
  const message = eventMessage(event, scope, ids);
  if (message) updates.push(statusUpdate(scope, stateOfMessage(message), message, contextMetadata(event, scope), event.timestamp));
  return updates;
}

/**
 * The A2A message of an event's content (`undefined` when it has no convertible part): role
 * `user` for the user's events, `agent` otherwise.
 *
 * @example
 * ```ts
 * eventMessage(event, scope)?.parts.length; // 1
 * ```
 */
export function eventMessage(event: Event, scope: A2aEventScope, ids: IdGenerator = defaultIdGenerator): Message | undefined {
  const longRunning = new Set(event.longRunningToolIds ?? []);
  const parts = (event.content?.parts ?? []).flatMap((part) => {
    const converted = genaiPartToA2aPart(part);
    if (!converted) return [];
    const callId = part.functionCall?.id;
    return [callId !== undefined && longRunning.has(callId) ? markLongRunning(converted) : converted];
  });
  if (parts.length === 0) return undefined;
  return {
    messageId: ids(),
    contextId: scope.contextId,
    taskId: scope.taskId,
    role: event.author === 'user' ? ROLES.user : ROLES.agent,
    parts,
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
  };
}

/**
 * The state a status message puts its task in (ADK Python's rule): `auth-required` for a
 * long-running credential request, `input-required` for another long-running call, else `working`.
 *
 * @example
 * ```ts
 * stateOfMessage(message) === TASK_STATES.inputRequired;
 * ```
 */
export function stateOfMessage(message: Message): TaskState {
  const longRunningCalls = message.parts.filter(isLongRunningCall);
  if (longRunningCalls.some((part) => callName(part) === REQUEST_EUC_FUNCTION_CALL_NAME)) return TASK_STATES.authRequired;
  return longRunningCalls.length > 0 ? TASK_STATES.inputRequired : TASK_STATES.working;
}

/**
 * A status update of the task in `scope`.
 *
 * @example
 * ```ts
 * statusUpdate(scope, TASK_STATES.completed, undefined, {});
 * ```
 */
export function statusUpdate(
  scope: Pick<A2aEventScope, 'taskId' | 'contextId'>,
  state: TaskState,
  message: Message | undefined,
  metadata: Record<string, unknown>,
  timestamp: number = Date.now(),
): TaskStatusUpdateEvent {
  return { taskId: scope.taskId, contextId: scope.contextId, status: { state, message, timestamp: new Date(timestamp).toISOString() }, metadata };
}

/**
 * The `adk_*` metadata of an event (see {@link adkEventToA2aEvents}).
 *
 * @example
 * ```ts
 * contextMetadata(event, scope)['adk_invocation_id']; // 'e-1'
 * ```
 */
export function contextMetadata(event: Event, scope: A2aEventScope): Record<string, unknown> {
  const metadata: Record<string, unknown> = {
    [adkMetadataKey('app_name')]: scope.appName,
    [adkMetadataKey('user_id')]: scope.userId,
    [adkMetadataKey('session_id')]: scope.sessionId,
    [adkMetadataKey('invocation_id')]: event.invocationId,
    [adkMetadataKey('author')]: event.author,
    [adkMetadataKey('event_id')]: event.id,
  };
  const optional: [string, unknown][] = [
    ['branch', event.branch],
    ['grounding_metadata', event.groundingMetadata],
    ['custom_metadata', event.customMetadata === undefined ? undefined : pythonJsonDumps(event.customMetadata)],
    ['usage_metadata', event.usageMetadata],
    ['error_code', event.errorCode],
    ['actions', event.actions],
  ];
  for (const [key, value] of optional) if (value !== undefined && value !== null) metadata[adkMetadataKey(key)] = asJson(value);
  return metadata;
}

function errorUpdate(event: Event, scope: A2aEventScope, ids: IdGenerator): TaskStatusUpdateEvent {
  const code = String(event.errorCode);
  const message: Message = {
    messageId: ids(),
    contextId: scope.contextId,
    taskId: scope.taskId,
    role: ROLES.agent,
    parts: [{ content: { $case: 'text', value: event.errorMessage || DEFAULT_ERROR_MESSAGE }, metadata: undefined, filename: '', mediaType: '' }],
    metadata: { [adkMetadataKey('error_code')]: code },
    extensions: [],
    referenceTaskIds: [],
  };
  return statusUpdate(scope, TASK_STATES.failed, message, { ...contextMetadata(event, scope), [adkMetadataKey('error_code')]: code }, event.timestamp);
}

function markLongRunning(part: A2aPart): A2aPart {
  return { ...part, metadata: { ...part.metadata, [adkMetadataKey('is_long_running')]: true } };
}

function isLongRunningCall(part: A2aPart): boolean {
  return part.metadata?.[adkMetadataKey('type')] === DATA_PART_TYPES.functionCall && part.metadata?.[adkMetadataKey('is_long_running')] === true;
}

function callName(part: A2aPart): unknown {
  return part.content?.$case === 'data' ? (part.content.value as { name?: unknown } | undefined)?.name : undefined;
}

/** A plain JSON copy (drops `undefined` fields, as Pydantic's `exclude_none` does). */
function asJson(value: unknown): unknown {
  return typeof value === 'string' ? value : JSON.parse(JSON.stringify(value));
}
