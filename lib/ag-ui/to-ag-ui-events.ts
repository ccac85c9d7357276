import { type BaseEvent, EventType } from '@ag-ui/core';
import { catchError, concat, concatMap, endWith, map, type Observable, of, type OperatorFunction, scan } from 'rxjs';
import type { Event } from '../events/event.js';
import { toError } from '../utils/errors.js';
import { type AgUiMapping, type AgUiMappingStep, closeAgUiMapping, mapAgUiEvent } from './ag-ui-mapping.js';
import { storedState } from './state-patch.js';

/**
 * The run an event stream becomes: its thread and run ids (as the client sent them), and the
 * session's state before the turn.
 *
 * @example
 * ```ts
 * const run: AgUiRunStart = { threadId: 't1', runId: 'r1', state: session.state };
 * ```
 */
export interface AgUiRunStart {
  threadId: string;
  runId: string;
  state: Readonly<Record<string, unknown>>;
}

/** An input of the mapping's scan: an event, or the end of the turn. */
type Step = { event: Event } | { end: true };

/**
 * The AG-UI events of one turn: `RUN_STARTED`, `STATE_SNAPSHOT` (the stored state), the
 * mapped events ({@link mapAgUiEvent}), then the open message and step closed and
 * `RUN_FINISHED`; or, when the turn fails, `RUN_ERROR` with the error's message and its class
 * name as `code` (nothing else after it). Unsubscribing unsubscribes the turn.
 *
 * ```
 * turn:    -p1-p2-f|          (p: partial text chunks, f: the final event)
 * result:  (SG)-(PSC)-C-(EF)  S: STEP_STARTED, P: TEXT_MESSAGE_START, C: CONTENT, E: END, F: STEP_FINISHED then RUN_FINISHED
 * turn:    -p1-#
 * result:  (SG)-(PSC)-X        X: RUN_ERROR
 * ```
 *
 * @example
 * ```ts
 * runThreadTurn(runner, turn).pipe(toAgUiEvents({ threadId: 't1', runId: 'r1', state: session.state })).subscribe(console.log);
 * ```
 */
export function toAgUiEvents(start: AgUiRunStart): OperatorFunction<Event, BaseEvent> {
  return (events: Observable<Event>) => {
    const initial: AgUiMappingStep = { mapping: { state: storedState(start.state) } satisfies AgUiMapping, out: [] };
    const mapped = events.pipe(
      map((event): Step => ({ event })),
      endWith<Step>({ end: true }),
      scan((last: AgUiMappingStep, step: Step) => ('end' in step ? finish(last.mapping, start) : mapAgUiEvent(last.mapping, step.event)), initial),
      concatMap(({ out }) => out),
    );
    return concat(
      of<BaseEvent[]>([
        { type: EventType.RUN_STARTED, threadId: start.threadId, runId: start.runId } as BaseEvent,
        { type: EventType.STATE_SNAPSHOT, snapshot: initial.mapping.state } as BaseEvent,
      ]).pipe(concatMap((out) => out)),
      mapped,
    ).pipe(catchError((error: unknown) => of(agUiRunError(error))));
  };
}

/**
 * The `RUN_ERROR` event for an error: its message, and its class name as `code`.
 *
 * @example
 * ```ts
 * agUiRunError(new SessionBusyError(...)); // { type: 'RUN_ERROR', message: '...', code: 'SessionBusyError' }
 * ```
 */
export function agUiRunError(error: unknown): BaseEvent {
  const failure = toError(error);
  return { type: EventType.RUN_ERROR, message: failure.message, code: failure.name } as BaseEvent;
}

function finish(mapping: AgUiMapping, start: AgUiRunStart): AgUiMappingStep {
  return { mapping, out: [...closeAgUiMapping(mapping), { type: EventType.RUN_FINISHED, threadId: start.threadId, runId: start.runId } as BaseEvent] };
}
