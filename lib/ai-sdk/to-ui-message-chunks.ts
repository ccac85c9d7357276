import { catchError, concat, concatMap, endWith, map, type Observable, of, type OperatorFunction, scan } from 'rxjs';
import type { Event } from '../events/event.js';
import { isTempKey } from '../sessions/state-delta.js';
import { toError } from '../utils/errors.js';
import type { UiMessageChunk } from './ui-message-chunk.js';
import { closeUiMessageMapping, mapUiMessageEvent, stateChunkOf, type UiMessageMappingStep } from './ui-message-mapping.js';

/** An input of the mapping's scan: an event, or the end of the turn. */
type Step = { event: Event } | { end: true };

/**
 * The UI message stream of one turn: `start`, the stored state (`data-state`), the mapped
 * events ({@link mapUiMessageEvent}), then the open text part and step closed and `finish`; or,
 * when the turn fails, an `error` chunk (`"<ErrorClass>: <message>"`) and nothing after it.
 * Unsubscribing unsubscribes the turn.
 *
 * ```
 * turn:    -p-f|        (p: a partial text chunk, f: the final event)
 * result:  (sd)(Ptx)-(xE)(Ff|)   s: start, d: data-state, P: start-step, t: text-start, x: text-delta/end, E: text-end, F: finish-step, f: finish
 * ```
 *
 * @example
 * ```ts
 * runThreadTurn(runner, turn).pipe(toUiMessageChunks(session.state)).subscribe(console.log);
 * ```
 */
export function toUiMessageChunks(state: Readonly<Record<string, unknown>>): OperatorFunction<Event, UiMessageChunk> {
  return (events: Observable<Event>) => {
    const visible = Object.fromEntries(Object.entries(state).filter(([key]) => !isTempKey(key)));
    const initial: UiMessageMappingStep = { mapping: { state: visible }, out: [] };
    const mapped = events.pipe(
      map((event): Step => ({ event })),
      endWith<Step>({ end: true }),
      scan((last: UiMessageMappingStep, step: Step): UiMessageMappingStep => ('end' in step ? { mapping: last.mapping, out: [...closeUiMessageMapping(last.mapping), { type: 'finish' }] } : mapUiMessageEvent(last.mapping, step.event)), initial),
      concatMap(({ out }) => out),
    );
    return concat(of({ type: 'start' } as UiMessageChunk, stateChunkOf(visible)), mapped).pipe(catchError((error: unknown) => of(uiMessageError(error))));
  };
}

/**
 * The `error` chunk for an error: `"<ErrorClass>: <message>"`.
 *
 * @example
 * ```ts
 * uiMessageError(new ModelError('overloaded')); // { type: 'error', errorText: 'ModelError: overloaded' }
 * ```
 */
export function uiMessageError(error: unknown): UiMessageChunk {
  const failure = toError(error);
  return { type: 'error', errorText: `${failure.name}: ${failure.message}` };
}
