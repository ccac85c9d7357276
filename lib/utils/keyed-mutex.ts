import { Observable, Subscriber } from 'rxjs';

/**
 * Runs Observables one at a time per key: `run(key, work$)` subscribes to `work$` only when every
 * earlier run with the same key has ended (completed, errored or been unsubscribed). Runs with
 * different keys do not wait for each other. No Promise, no timer: the next run starts
 * synchronously when the previous ends, so it stays in virtual time.
 *
 * ```
 * run(k, a$):  --a--|
 * run(k, b$):       --b--|      (subscribed when a$ ended)
 * ```
 *
 * @example
 * ```ts
 * const sessions = new KeyedMutex();
 * sessions.run('s1', firstTurn$).subscribe();
 * sessions.run('s1', secondTurn$).subscribe(); // starts after firstTurn$ ends
 * ```
 */
export class KeyedMutex {
  private readonly queues = new Map<string, Array<() => void>>();

  run<T>(key: string, work: Observable<T>): Observable<T> {
    return new Observable<T>((subscriber) => {
      let released = false;
      let inner: { unsubscribe(): void } | undefined;
      const release = () => {
        if (released) return;
        released = true;
        this.leave(key, start);
      };
      const start = () => {
        inner = work.subscribe(new ReleasingSubscriber(subscriber, release));
      };
      this.enter(key, start);
      return () => {
        inner?.unsubscribe();
        release();
      };
    });
  }

  /** Number of runs (running or waiting) for `key`. */
  pending(key: string): number {
    return this.queues.get(key)?.length ?? 0;
  }

  private enter(key: string, start: () => void): void {
    const queue = this.queues.get(key);
    if (queue) {
      queue.push(start);
      return;
    }
    this.queues.set(key, [start]);
    start();
  }

  private leave(key: string, start: () => void): void {
    const queue = this.queues.get(key);
    if (!queue) return;
    const wasRunning = queue[0] === start;
    queue.splice(queue.indexOf(start), 1);
    if (queue.length === 0) this.queues.delete(key);
    else if (wasRunning) queue[0]!();
  }
}

/**
 * A run's subscriber: its values straight to the caller's subscriber, its end to the caller after
 * the key is released (the next run starts first, as it always did). A `Subscriber` of the
 * caller's, as RxJS's operators make theirs: every event of a turn passes here, and an observer
 * literal cost a `SafeSubscriber`, its observer wrapper and a closure call per value.
 */
class ReleasingSubscriber<T> extends Subscriber<T> {
  constructor(
    destination: Subscriber<T>,
    private readonly release: () => void,
  ) {
    super(destination);
  }

  protected override _error(error: unknown): void {
    this.release();
    super._error(error);
  }

  protected override _complete(): void {
    this.release();
    super._complete();
  }
}
