import { defer, type Observable, Subject } from 'rxjs';
import type { Event } from '../events/event.js';
import { untilComplete } from '../operators/until-complete.js';

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
  return defer(() => {
    const relayed = new Subject<Event>();
    return untilComplete(body((event) => relayed.next(event)), relayed);
  });
}
