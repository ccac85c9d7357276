import { type BehaviorSubject, Observable, type Observer, type OperatorFunction } from 'rxjs';
import type { LlmResponse } from '../models/llm-response.js';
import type { LiveItem } from './close-cut-turn.js';

/**
 * A live connection's responses as the items its turn is built from, in one step per response
 * (it does what `tap`, `map`, `takeWhile` and `catchError` would, with one subscriber):
 *
 * - a session resumption update with a new, resumable handle goes into `handle`;
 * - a `goAway` while a handle is kept ends the items with `{failure: goAway()}` (the caller
 *   reconnects), and unsubscribes the connection;
 * - a `toolCallCancellation`'s ids go to `cancellations` before its item is handed on;
 * - the connection failing ends the items with `{failure}`;
 * - every other response is handed on as `{response}`.
 *
 * When the items end (either way), `cancellations` completes first: the notifier of what runs
 * only while the connection does.
 *
 * ```
 * responses:  -r--h--c--g--     (h = resumption update, c = cancellation, g = goAway)
 * items:      -r--h--c--(F|)    F = {failure: goAway()}; handle = h's; cancellations: ---c's ids--|
 * ```
 *
 * @example
 * ```ts
 * connection.exchange(requests).pipe(liveItems(handle, () => new LiveConnectionClosedError({ ... }), cancellations));
 * ```
 */
export function liveItems(handle: BehaviorSubject<string | undefined>, goAway: () => unknown, cancellations: Observer<readonly string[]>): OperatorFunction<LlmResponse, LiveItem> {
  return (source) =>
    new Observable<LiveItem>((subscriber) => {
      const end = (failure: unknown): void => {
        subscriber.next({ failure });
        cancellations.complete();
        subscriber.complete();
      };
      return source.subscribe({
        next: (response) => {
          keepHandle(response, handle);
          if (response.goAway && handle.value) return end(goAway());
          if (response.toolCallCancellation) cancellations.next(response.toolCallCancellation.ids ?? []);
          subscriber.next({ response });
        },
        error: end,
        complete: () => {
          cancellations.complete();
          subscriber.complete();
        },
      });
    });
}

function keepHandle(response: LlmResponse, handle: BehaviorSubject<string | undefined>): void {
  const update = response.liveSessionResumptionUpdate;
  if (update?.newHandle && update.resumable !== false) handle.next(update.newHandle);
}
