import { asyncScheduler } from 'rxjs';

/** Returns the current time in milliseconds. */
export type Clock = () => number;

/**
 * The default {@link Clock}: the RxJS scheduler's `now()`. Inside `TestScheduler.run` it reads
 * virtual time, so event timestamps in marble tests are frame numbers.
 *
 * @example
 * ```ts
 * new TestScheduler(assert).run(() => schedulerClock()); // 0
 * ```
 */
export const schedulerClock: Clock = () => asyncScheduler.now();
