import { Observable, type Subscriber } from 'rxjs';

/**
 * rxjs's `concat` for Observables, without its machinery: each source is subscribed when the one
 * before it completes, values pass straight through, the first error ends it, and unsubscribing
 * tears down the running source and subscribes no further one. rxjs builds `concat` as
 * `from(sources)` flattened by a one-at-a-time `mergeMap` (two more subscriptions and a buffer per
 * call); this is one subscriber per source, and the last source is subscribed with the result's
 * own subscriber. Sources that complete synchronously are taken in a loop, not by recursion.
 *
 * ```
 * a:       --1--2|
 * b:              ---3|
 * result:  --1--2---3|
 *
 * a:       --1--#          an error ends it; b is never subscribed
 * result:  --1--#
 * ```
 *
 * @example
 * ```ts
 * leanConcat(ctx.emit(modelEvent), defer(() => runTools(modelEvent))).subscribe(console.log);
 * ```
 */
export function leanConcat<T>(...sources: Observable<T>[]): Observable<T> {
  return new Observable<T>((subscriber) => subscribeInTurn(sources, subscriber));
}

/** Subscribes the sources one after another; loops over those that complete during their subscribe. */
function subscribeInTurn<T>(sources: readonly Observable<T>[], subscriber: Subscriber<T>): void {
  let index = 0;
  let subscribing = false;
  let completedWhileSubscribing = false;
  const next = (): void => {
    while (!subscriber.closed) {
      if (index === sources.length) return subscriber.complete();
      const source = sources[index++]!;
      if (index === sources.length) return void source.subscribe(subscriber);
      completedWhileSubscribing = false;
      subscribing = true;
      const inner = source.subscribe({
        next: (value) => subscriber.next(value),
        error: (error: unknown) => subscriber.error(error),
        complete: () => {
          if (subscribing) completedWhileSubscribing = true;
          else next();
        },
      });
      subscribing = false;
      if (!completedWhileSubscribing) return void subscriber.add(inner);
    }
  };
  next();
}
