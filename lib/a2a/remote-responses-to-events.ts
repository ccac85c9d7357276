import type { Message, Task, TaskArtifactUpdateEvent, TaskStatusUpdateEvent } from '@a2a-js/sdk';
import type { Part } from '@google/genai';
import { concatMap, type OperatorFunction, scan } from 'rxjs';
import type { EventInit } from '../events/event.js';
import { REQUEST_INPUT_FUNCTION_CALL_NAME } from '../events/framework-function-names.js';
import type { IdGenerator } from '../utils/ids.js';
import { a2aMessageToContent } from './a2a-message-to-content.js';
import { adkMetadataKey } from './adk-metadata-key.js';
import { A2A_CONTEXT_ID_KEY, A2A_TASK_ID_KEY } from './remote-metadata-keys.js';
import { TASK_STATES } from './task-states.js';

/**
 * One answer of a remote A2A agent, whatever call brought it: a message, a task (the result of
 * `SendMessage`, or the first event of a stream), a status update or an artifact update.
 *
 * @example
 * ```ts
 * const response: RemoteResponse = { kind: 'statusUpdate', value: update };
 * ```
 */
export type RemoteResponse =
  | { kind: 'message'; value: Message }
  | { kind: 'task'; value: Task; final: boolean }
  | { kind: 'statusUpdate'; value: TaskStatusUpdateEvent }
  | { kind: 'artifactUpdate'; value: TaskArtifactUpdateEvent };

/** The fold over a remote turn: the task, the artifact text so far, whether text has been told. */
interface RemoteState {
  readonly taskId: string | undefined;
  readonly contextId: string | undefined;
  readonly artifactText: string;
  readonly toldText: boolean;
  /** The status messages already turned into events (an ADK peer repeats the last one in its final update). */
  readonly toldMessages: ReadonlySet<string>;
  readonly out: readonly Partial<EventInit>[];
}

const START: RemoteState = { taskId: undefined, contextId: undefined, artifactText: '', toldText: false, toldMessages: new Set(), out: [] };

/**
 * ADK Python's error code on an event of a failed remote task.
 *
 * @example
 * ```ts
 * if (event.errorCode === A2A_TASK_FAILED_ERROR_CODE) console.log(event.errorMessage);
 * ```
 */
export const A2A_TASK_FAILED_ERROR_CODE = 'A2A_TASK_FAILED';

/**
 * Turns a remote turn's answers into the fields of the local agent's events (the agent fills in
 * the rest), each with `a2a:task_id` and `a2a:context_id` in `customMetadata`:
 *
 * - a message, or a status update with a message → its content (parts as `a2aPartToGenaiPart`
 *   makes them); calls flagged `adk_is_long_running` are the event's long-running calls; a status
 *   message already told (same `messageId`: an ADK peer repeats it in its final update) is skipped;
 * - `input-required` or `auth-required` without such a call → an `adk_request_input` call (long
 *   running) asking the status message's text, which the local user answers;
 * - an artifact chunk → a partial event of its text;
 * - `completed` when no status message told the text → an event of the artifact's text;
 * - `failed` → an event with `errorCode` `A2A_TASK_FAILED` and the status message's text;
 * - a final task (`SendMessage`'s result) → one event: its status message when it waits for input
 *   or failed, else its last artifact, else its status message (ADK Python's rule).
 *
 * @example
 * ```ts
 * responses$.pipe(remoteResponsesToEvents(ctx.idGenerator), concatMap((init) => ctx.emit(ctx.createEvent(init))));
 * ```
 */
export function remoteResponsesToEvents(ids: IdGenerator): OperatorFunction<RemoteResponse, Partial<EventInit>> {
  return (responses) =>
    responses.pipe(
      scan((state: RemoteState, response: RemoteResponse) => nextRemoteState(state, response, ids), START),
      concatMap((state) => state.out),
    );
}

function nextRemoteState(state: RemoteState, response: RemoteResponse, ids: IdGenerator): RemoteState {
  switch (response.kind) {
    case 'message': {
      const scoped = { ...state, taskId: response.value.taskId || state.taskId, contextId: response.value.contextId || state.contextId };
      return { ...scoped, toldText: true, out: [messageEvent(response.value, scoped, ids, undefined)] };
    }
    case 'task': {
      const scoped = { ...state, taskId: response.value.id, contextId: response.value.contextId };
      return { ...scoped, out: response.final ? finalTaskEvents(response.value, scoped, ids) : [] };
    }
    case 'artifactUpdate': {
      const text = textOf(response.value.artifact?.parts ?? []);
      const artifactText = (response.value.append ? state.artifactText : '') + text;
      return { ...state, artifactText, out: text ? [{ partial: true, content: { role: 'model', parts: [{ text }] }, customMetadata: metadataOf(state) }] : [] };
    }
    case 'statusUpdate':
      return statusEvents(state, response.value, ids);
  }
}

function statusEvents(state: RemoteState, update: TaskStatusUpdateEvent, ids: IdGenerator): RemoteState {
  const scoped = { ...state, taskId: update.taskId || state.taskId, contextId: update.contextId || state.contextId };
  const status = update.status;
  const message = status?.message?.parts.length ? status.message : undefined;
  if (status?.state === TASK_STATES.failed) return { ...scoped, out: [failedEvent(message, scoped)] };
  if (message && scoped.toldMessages.has(message.messageId)) return { ...scoped, out: [] };
  if (message) {
    const toldMessages = new Set(scoped.toldMessages).add(message.messageId);
    return { ...scoped, toldText: scoped.toldText || hasText(message), toldMessages, out: [messageEvent(message, scoped, ids, status?.state)] };
  }
  if (status?.state === TASK_STATES.inputRequired || status?.state === TASK_STATES.authRequired) {
    return { ...scoped, out: [inputRequestEvent([], '', scoped, ids)] };
  }
  if (status?.state === TASK_STATES.completed && !scoped.toldText && scoped.artifactText) {
    return { ...scoped, toldText: true, out: [{ content: { role: 'model', parts: [{ text: scoped.artifactText }] }, customMetadata: metadataOf(scoped) }] };
  }
  return { ...scoped, out: [] };
}

function finalTaskEvents(task: Task, state: RemoteState, ids: IdGenerator): Partial<EventInit>[] {
  const status = task.status;
  const message = status?.message?.parts.length ? status.message : undefined;
  if (status?.state === TASK_STATES.failed) return [failedEvent(message, state)];
  if (status?.state === TASK_STATES.inputRequired || status?.state === TASK_STATES.authRequired) {
    return [message ? messageEvent(message, state, ids, status.state) : inputRequestEvent([], '', state, ids)];
  }
  const artifact = task.artifacts.at(-1);
  if (artifact?.parts.length) return [{ content: a2aMessageToContent({ role: 2 as Message['role'], parts: artifact.parts }), customMetadata: metadataOf(state) }];
  return message ? [messageEvent(message, state, ids, status?.state)] : [];
}

function messageEvent(message: Message, state: RemoteState, ids: IdGenerator, taskState: number | undefined): Partial<EventInit> {
  const content = a2aMessageToContent(message);
  const longRunning = message.parts.flatMap((part) =>
    part.metadata?.[adkMetadataKey('is_long_running')] === true && part.content?.$case === 'data' ? [String((part.content.value as { id?: unknown })?.id ?? '')] : [],
  );
  const waits = taskState === TASK_STATES.inputRequired || taskState === TASK_STATES.authRequired;
  if (waits && longRunning.length === 0) return inputRequestEvent(content.parts ?? [], textOf(message.parts), state, ids);
  return { content: { role: 'model', parts: content.parts ?? [] }, ...(longRunning.length ? { longRunningToolIds: longRunning } : {}), customMetadata: metadataOf(state) };
}

/** The remote agent asks for input: its words, and a long-running call the local user answers. */
function inputRequestEvent(parts: Part[], question: string, state: RemoteState, ids: IdGenerator): Partial<EventInit> {
  const id = `adk-${ids()}`;
  const call: Part = { functionCall: { id, name: REQUEST_INPUT_FUNCTION_CALL_NAME, args: { message: question } } };
  return { content: { role: 'model', parts: [...parts, call] }, longRunningToolIds: [id], customMetadata: metadataOf(state) };
}

function failedEvent(message: Message | undefined, state: RemoteState): Partial<EventInit> {
  const text = message ? textOf(message.parts) : '';
  return { errorCode: A2A_TASK_FAILED_ERROR_CODE, errorMessage: text || 'The remote A2A task failed.', customMetadata: metadataOf(state) };
}

function metadataOf(state: RemoteState): Record<string, unknown> {
  return { ...(state.taskId ? { [A2A_TASK_ID_KEY]: state.taskId } : {}), ...(state.contextId ? { [A2A_CONTEXT_ID_KEY]: state.contextId } : {}) };
}

function textOf(parts: Message['parts']): string {
  return parts.map((part) => (part.content?.$case === 'text' ? part.content.value : '')).join('');
}

function hasText(message: Message): boolean {
  return textOf(message.parts) !== '';
}
