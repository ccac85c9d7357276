import { defer, EMPTY, from, isObservable, Observable, of, take, filter, type ObservableInput } from 'rxjs';

/**
 * What a user function may return: a plain value, nothing, a Promise or an Observable.
 * rxadk converts it once, at the boundary, with {@link fromMaybeAsync}.
 */
export type MaybeAsync<T> = T | undefined | void | null | PromiseLike<T | undefined | void | null> | Observable<T>;

/**
 * Runs `produce` lazily (inside `defer`, once per subscription) and normalises its
 * {@link MaybeAsync} result into an Observable of zero or one value.
 *
 * ```
 * value        → (v|)      undefined / null → |
 * Promise(v)   → ---(v|)   Promise(undefined) → ---|
 * cold --a-b-| → --(a|)    cold ---| → ---|
 * throw e / rejected / error → #
 * ```
 *
 * @example
 * ```ts
 * fromMaybeAsync(() => 42).subscribe(console.log);              // 42
 * fromMaybeAsync(() => undefined).subscribe({ complete: () => console.log('no result') });
 * fromMaybeAsync(() => of(1, 2, 3)).subscribe(console.log);     // 1
 * ```
 */
export function fromMaybeAsync<T>(produce: () => MaybeAsync<T>): Observable<T> {
  return defer(() => normalise(produce()));
}

function normalise<T>(result: MaybeAsync<T>): Observable<T> {
  if (result === undefined || result === null) return EMPTY;
  if (isObservable(result)) return (result as Observable<T>).pipe(take(1));
  if (isPromiseLike(result)) return from(result as ObservableInput<T | undefined | null | void>).pipe(filter(isDefined));
  return of(result as T);
}

/**
 * Whether `value` is a Promise or another thenable (what {@link fromMaybeAsync} subscribes with `from`).
 *
 * @example
 * ```ts
 * isPromiseLike(Promise.resolve(1)); // true
 * isPromiseLike(of(1));              // false
 * ```
 */
export function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as PromiseLike<unknown>).then === 'function';
}

/**
 * True unless `value` is `undefined` or `null`.
 *
 * @example
 * ```ts
 * [1, undefined, 2].filter(isDefined); // [1, 2]
 * ```
 */
export function isDefined<T>(value: T | undefined | null | void): value is T {
  return value !== undefined && value !== null;
}
