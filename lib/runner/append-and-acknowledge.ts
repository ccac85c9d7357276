import { concatMap, EMPTY, type MonoTypeOperatorFunction, Observable, of, type OperatorFunction } from 'rxjs';
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
  const presents = !!ctx.pluginManager?.implements('onEventCallback');
  return concatMap((event) => {
    const stored = ctx.sessionService.appendEvent(ctx.session, withRunMetadata(ctx, event));
    const presented = presents ? stored.pipe(concatMap((s) => presentedEvent(ctx, s))) : stored;
    return presented.pipe(acknowledgeOnComplete(acknowledgements, event));
  });
}

/** Mirrors the source and acknowledges `event` once the source completed (after the caller saw it). */
function acknowledgeOnComplete(acknowledgements: Acknowledgements, event: Event): MonoTypeOperatorFunction<Event> {
  return (source) =>
    new Observable<Event>((subscriber) =>
      source.subscribe({
        next: (value) => subscriber.next(value),
        error: (error) => subscriber.error(error),
        complete: () => {
          acknowledgements.acknowledge(event.id);
          subscriber.complete();
        },
      }),
    );
}

/** The event the caller sees: the first `onEventCallback` result, else the stored event. */
function presentedEvent(ctx: InvocationContext, stored: Event): Observable<Event> {
  return orElse(ctx.pluginManager ? ctx.pluginManager.runFirst('onEventCallback', ctx, stored) : EMPTY, () => of(stored));
}

/** Adds `RunConfig.customMetadata` to the event (the event's own keys win). */
function withRunMetadata(ctx: InvocationContext, event: Event): Event {
  const extra = ctx.runConfig.customMetadata;
  if (extra) event.customMetadata = { ...extra, ...event.customMetadata };
  return event;
}
