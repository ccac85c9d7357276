import { type Observable, of, type OperatorFunction } from 'rxjs';
import type { CommitBarrier } from '../context/commit-barrier.js';
import type { InvocationContext } from '../context/invocation-context.js';
import type { Event } from '../events/event.js';
import { callbackChain } from '../plugins/callback-chain.js';

/**
 * The Runner's commit step, per event, one at a time and in arrival order (through the
 * invocation's {@link CommitBarrier}): persist it (partial events never reach the store, as in
 * ADK's Runner; `isStored` may leave out more, as the live mode does; with no `onEventCallback`
 * events not stored, and events a synchronous store writes at once, take the barrier's fast
 * lane), let
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
    onEvent.registered ? declined : (event) => committedNow(ctx, event, isStored),
  );
}

/** With an `onEventCallback` every event goes through the commit's Observable. */
function declined(): undefined {
  return undefined;
}

/**
 * With no `onEventCallback`, an event's commit done at once when nothing in it waits: an event not
 * stored, or one the store writes synchronously (the session service's `appendEventNow`);
 * `undefined` sends it through the store's Observable.
 */
function committedNow(ctx: InvocationContext, event: Event, isStored: (event: Event) => boolean): Event | undefined {
  if (!isStored(event)) return withRunMetadata(ctx, event);
  return ctx.sessionService.appendEventNow(ctx.session, withRunMetadata(ctx, event));
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
