import { concat, concatMap, defer, EMPTY, type Observable, of, type OperatorFunction } from 'rxjs';
import { orElse } from '../operators/or-else.js';
import type { Acknowledgements } from '../context/event-acknowledger.js';
import type { InvocationContext } from '../context/invocation-context.js';
import type { Event } from '../events/event.js';

/**
 * The Runner's commit step, per event, one at a time and in order (`concatMap`): persist it
 * (partial events are forwarded, not stored), let the plugins' `onEventCallback` replace what the
 * caller sees (the original is what is stored), emit it, then acknowledge it so that the agent
 * code waiting in `ctx.emit(event)` resumes and observes the committed state.
 *
 * ```
 * agent:    --a-------b----|
 * store:      [50ms]    [50ms]
 * caller:   -------a'-------b'|      a' = onEventCallback(a) ?? stored a
 * acks:            ^a       ^b
 * ```
 *
 * @example
 * ```ts
 * agent.runAsync(ctx).pipe(appendAndAcknowledge(ctx, acknowledger)).subscribe(render);
 * ```
 */
export function appendAndAcknowledge(
  ctx: InvocationContext,
  acknowledgements: Acknowledgements,
): OperatorFunction<Event, Event> {
  return concatMap((event) => concat(commitAndPresent(ctx, event), acknowledge(acknowledgements, event)));
}

function commitAndPresent(ctx: InvocationContext, event: Event): Observable<Event> {
  return defer(() => ctx.sessionService.appendEvent(ctx.session, withRunMetadata(ctx, event))).pipe(
    concatMap((stored) => presentedEvent(ctx, stored)),
  );
}

/** The event the caller sees: the first `onEventCallback` result, else the stored event. */
function presentedEvent(ctx: InvocationContext, stored: Event): Observable<Event> {
  return orElse(ctx.pluginManager ? ctx.pluginManager.runFirst('onEventCallback', ctx, stored) : EMPTY, () => of(stored));
}

function acknowledge(acknowledgements: Acknowledgements, event: Event): Observable<never> {
  return defer(() => {
    acknowledgements.acknowledge(event.id);
    return EMPTY;
  });
}

/** Adds `RunConfig.customMetadata` to the event (the event's own keys win). */
function withRunMetadata(ctx: InvocationContext, event: Event): Event {
  const extra = ctx.runConfig.customMetadata;
  if (extra) event.customMetadata = { ...extra, ...event.customMetadata };
  return event;
}
