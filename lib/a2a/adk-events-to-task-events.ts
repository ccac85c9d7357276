import type { Part as A2aPart, TaskArtifactUpdateEvent } from '@a2a-js/sdk';
import type { AgentExecutionEvent } from '@a2a-js/sdk/server';
import { concatMap, connect, last, merge, type OperatorFunction, scan } from 'rxjs';
import type { Event } from '../events/event.js';
import { defaultIdGenerator, type IdGenerator } from '../utils/ids.js';
import type { A2aEventScope } from './a2a-event-scope.js';
import { adkEventToA2aEvents, statusUpdate } from './adk-event-to-a2a-events.js';
import { adkMetadataKey } from './adk-metadata-key.js';
import { asWorking, INITIAL_TASK_RESULT, reduceTaskResult, type TaskResult } from './task-result.js';
import { TASK_STATES } from './task-states.js';

/** A streamed text chunk held back until the next one shows it was not the last. */
interface HeldChunk {
  readonly text: string;
  readonly append: boolean;
}

/** The fold over a run's events: its result so far, the held chunk, the last event. */
interface TurnState {
  readonly result: TaskResult;
  readonly held: HeldChunk | undefined;
  readonly lastEvent: Event | undefined;
  /** A chunk has been streamed (sent or held). */
  readonly streamed: boolean;
  /** What this step sends. */
  readonly out: readonly AgentExecutionEvent[];
}

const START: TurnState = { result: INITIAL_TASK_RESULT, held: undefined, lastEvent: undefined, streamed: false, out: [] };

/**
 * Turns one run's ADK events into the A2A events of its task, as ADK Python's executor does, with
 * streaming added:
 *
 * - each complete event → its status updates ({@link adkEventToA2aEvents}), sent as `working`;
 *   the strongest state they carry is kept for the end (see {@link reduceTaskResult});
 * - each partial event's text (with `streamingMode: 'sse'`) → an `artifact-update` chunk of one
 *   artifact, appended to the previous chunk; the last chunk is sent with `lastChunk: true`;
 * - at the end: while still working, the task completes, and when no chunk was streamed, the last
 *   status message becomes its artifact; otherwise the final update carries the kept state
 *   (`input-required`, `auth-required`, `failed`) and its message.
 *
 * The final events carry `adk_app_name`, `adk_user_id`, `adk_session_id` and the last event's
 * `adk_invocation_id`, `adk_author`, `adk_event_id`.
 *
 * @example
 * ```ts
 * runner.runAsync(turn).pipe(adkEventsToTaskEvents(scope)).subscribe((event) => bus.publish(event));
 * ```
 */
export function adkEventsToTaskEvents(scope: A2aEventScope, ids: IdGenerator = defaultIdGenerator): OperatorFunction<Event, AgentExecutionEvent> {
  const artifactId = ids();
  return (events) =>
    events.pipe(
      scan((state: TurnState, event: Event) => nextTurnState(state, event, scope, artifactId, ids), START),
      connect((steps) =>
        merge(
          steps.pipe(concatMap((step) => step.out)),
          steps.pipe(
            last(undefined, START),
            concatMap((end) => finalEvents(end, scope, artifactId, ids)),
          ),
        ),
      ),
    );
}

function nextTurnState(state: TurnState, event: Event, scope: A2aEventScope, artifactId: string, ids: IdGenerator): TurnState {
  if (event.partial) {
    const text = chunkText(event);
    if (!text) return { ...state, out: [] };
    const out = state.held ? [artifactUpdate(scope, artifactId, [textPart(state.held.text)], state.held.append, false, {})] : [];
    return { ...state, held: { text, append: state.streamed }, streamed: true, out };
  }
  const updates = adkEventToA2aEvents(event, scope, ids);
  return {
    ...state,
    result: updates.reduce(reduceTaskResult, state.result),
    lastEvent: event,
    out: updates.map((update) => ({ kind: 'statusUpdate', data: asWorking(update) })),
  };
}

function finalEvents(end: TurnState, scope: A2aEventScope, artifactId: string, ids: IdGenerator): AgentExecutionEvent[] {
  const metadata = finalMetadata(end.lastEvent, scope);
  const lastChunk = end.held ? [artifactUpdate(scope, artifactId, [textPart(end.held.text)], end.held.append, true, metadata)] : [];
  if (end.result.state !== TASK_STATES.working) {
    return [...lastChunk, { kind: 'statusUpdate', data: statusUpdate(scope, end.result.state, end.result.message, metadata) }];
  }
  const parts = end.result.message?.parts ?? [];
  const artifact = !end.streamed && parts.length > 0 ? [artifactUpdate(scope, ids(), parts, false, true, metadata)] : [];
  return [...lastChunk, ...artifact, { kind: 'statusUpdate', data: statusUpdate(scope, TASK_STATES.completed, undefined, metadata) }];
}

function finalMetadata(event: Event | undefined, scope: A2aEventScope): Record<string, unknown> {
  return {
    [adkMetadataKey('app_name')]: scope.appName,
    [adkMetadataKey('user_id')]: scope.userId,
    [adkMetadataKey('session_id')]: scope.sessionId,
    ...(event
      ? { [adkMetadataKey('invocation_id')]: event.invocationId, [adkMetadataKey('author')]: event.author, [adkMetadataKey('event_id')]: event.id }
      : {}),
  };
}

function chunkText(event: Event): string {
  return (event.content?.parts ?? []).map((part) => (part.text && !part.thought ? part.text : '')).join('');
}

function textPart(text: string): A2aPart {
  return { content: { $case: 'text', value: text }, metadata: undefined, filename: '', mediaType: '' };
}

function artifactUpdate(
  scope: A2aEventScope,
  artifactId: string,
  parts: A2aPart[],
  append: boolean,
  lastChunk: boolean,
  metadata: Record<string, unknown>,
): AgentExecutionEvent {
  const data: TaskArtifactUpdateEvent = {
    taskId: scope.taskId,
    contextId: scope.contextId,
    artifact: { artifactId, name: '', description: '', parts, metadata: undefined, extensions: [] },
    append,
    lastChunk,
    metadata,
  };
  return { kind: 'artifactUpdate', data };
}
