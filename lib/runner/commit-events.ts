import { type Observable, of, type OperatorFunction } from 'rxjs';
import type { CommitBarrier } from '../context/commit-barrier.js';
import type { InvocationContext } from '../context/invocation-context.js';
import type { Event } from '../events/event.js';
import { callbackChain } from '../plugins/callback-chain.js';

/**
 * The Runner's commit step, per event, one at a time and in arrival order (through the
 * invocation's {@link CommitBarrier}): persist it (partial events never reach the store, as in
 * ADK's Runner; `isStored` may leave out more, as the live mode does; with no `onEventCallback`
 * events not stored take the barrier's fast lane), let
 * the plugins' `onEventCallback` replace what the caller sees (the stored event is what the
 * session keeps), and hand it to the caller. Only then does the agent code waiting in
 * `ctx.emit(event)` resume, so it observes the committed state. The agent's event is never
 * modified: `RunConfig.customMetadata` goes into a new object.
 *
 * ```
 * agent:    --a-------b----|
 * store:      [50ms]    [50ms]
 * caller:   -------a'-------b'|      a' = onEventCallback(a) ?? stored a
 * emit(a):  --a----|  emit(b): --b----|
 * ```
 *
 * @example
 * ```ts
 * agent.runAsync(ctx).pipe(commitEvents(ctx, barrier)).subscribe(render);
 * ```
 */
export function commitEvents(ctx: InvocationContext, barrier: CommitBarrier, isStored: (event: Event) => boolean = isNotPartial): OperatorFunction<Event, Event> {
  const onEvent = callbackChain(ctx.pluginManager, 'onEventCallback');
  const store = (event: Event): Observable<Event> => (isStored(event) ? ctx.sessionService.appendEvent(ctx.session, event) : of(event));
  // made once per invocation: with no onEventCallback it is `identity`, and the stored event is the commit itself
  const presented = onEvent.replaceEach((stored) => [ctx, stored]);
  return barrier.commitInOrder(
    onEvent.registered ? (event) => store(withRunMetadata(ctx, event)).pipe(presented) : (event) => store(withRunMetadata(ctx, event)),
    (event) => (!isStored(event) && !onEvent.registered ? withRunMetadata(ctx, event) : undefined),
  );
}

/** The default of what is stored: every event but partial ones. */
function isNotPartial(event: Event): boolean {
  return !event.partial;
}

/** The event with `RunConfig.customMetadata` added (the event's own keys win), as a new object. */
function withRunMetadata(ctx: InvocationContext, event: Event): Event {
  const extra = ctx.runConfig.customMetadata;
  if (!extra) return event;
  const { customMetadata, ...fields } = event;
  return { customMetadata: { ...extra, ...customMetadata }, ...fields };
}
