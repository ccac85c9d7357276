import { Observable } from 'rxjs';

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
        inner = work.subscribe({
          next: (value) => subscriber.next(value),
          error: (error) => {
            release();
            subscriber.error(error);
          },
          complete: () => {
            release();
            subscriber.complete();
          },
        });
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
