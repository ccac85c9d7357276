import { filter, from, isObservable, Observable, type ObservableInput, type Subscriber } from 'rxjs';
import { isDefined, isPromiseLike, type MaybeAsync } from '../utils/from-maybe-async.js';
import { MethodSubscriber } from './method-subscriber.js';

/**
 * The "first defined wins" chain of SPEC §3: calls `producers` one after another, lazily, and
 * emits the first result any of them yields; the later producers are never called. Completes
 * empty when none yields a result. An error from a producer ends the chain with that error.
 *
 * ```
 * producers:  f1 → |      f2 → --(b|)      f3 (never called)
 * result:     --(b|)
 * ```
 *
 * It is one subscriber (no `from`, `concatMap`, `take` or `defer`): a producer answering
 * `undefined`, `null` or a plain value is called and settled in a loop, and only an Observable or a
 * Promise is subscribed (up to its first value, as `fromMaybeAsync` takes it). Every plugin hook of
 * a run goes through here, so a plugin that answers nothing costs no subscription of its own.
 *
 * @example
 * ```ts
 * firstDefined([() => undefined, () => Promise.resolve('cached'), () => callModel()])
 *   .subscribe(console.log); // 'cached' — callModel is never invoked
 * ```
 */
export function firstDefined<T>(producers: Iterable<() => MaybeAsync<T>>): Observable<T> {
  return new Observable<T>((subscriber) => {
    const iterator = producers[Symbol.iterator]();
    let running: FirstValue<T> | undefined;
    const callNext = (): void => {
      for (let step = iterator.next(); !step.done; step = iterator.next()) {
        let result: MaybeAsync<T>;
        try {
          result = step.value();
        } catch (error) {
          subscriber.error(error);
          return;
        }
        if (result === undefined || result === null) continue;
        if (isObservable(result) || isPromiseLike(result)) {
          const source = isObservable(result) ? result : from(result as ObservableInput<T | undefined | null | void>).pipe(filter(isDefined));
          running = new FirstValue(subscriber, callNext);
          source.subscribe(running);
          return;
        }
        subscriber.next(result as T);
        subscriber.complete();
        return;
      }
      subscriber.complete();
    };
    callNext();
    return () => running?.unsubscribe();
  });
}

/** One producer's Observable: its first value ends the chain with that value; its completion calls the next producer. */
class FirstValue<T> extends MethodSubscriber<T> {
  constructor(
    private readonly chain: Subscriber<T>,
    private readonly callNext: () => void,
  ) {
    super();
  }

  protected onNext(value: T): void {
    this.unsubscribe();
    this.chain.next(value);
    this.chain.complete();
  }

  protected onError(error: unknown): void {
    this.chain.error(error);
  }

  protected onComplete(): void {
    this.callNext();
  }
}
