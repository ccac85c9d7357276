import { Observable } from 'rxjs';
import type { Event } from '../events/event.js';

/**
 * Runs tool calls with a relay for the events their tools emit of their own (`ToolContext.relayEvent`:
 * a `NodeTool`'s node events): each relayed event joins `body`'s events at once, synchronously,
 * so that it reaches the Runner while its emitter waits for the commit; the result completes
 * when `body` does.
 *
 * ```
 * body:     ----------------R|      R = the merged function response
 * relayed:  ---n1----n2------       n = a node event of a NodeTool
 * result:   ---n1----n2-----R|
 * ```
 *
 * @example
 * ```ts
 * withRelayedToolEvents((relay) => callTools(ctx, agent, modelEvent, toolsDict, relay).pipe(concatMap(emitResponse)));
 * ```
 */
export function withRelayedToolEvents(body: (relay: (event: Event) => void) => Observable<Event>): Observable<Event> {
  // one subscriber: a relayed event goes straight to it (no Subject, no side subscription, no defer);
  // as before, what is relayed while `body` is only being built, before it runs, is not passed on
  return new Observable<Event>((subscriber) => {
    let running = false;
    const events = body((event) => void (running && subscriber.next(event)));
    running = true;
    events.subscribe(subscriber);
  });
}
