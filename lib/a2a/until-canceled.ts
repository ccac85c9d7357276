import { endWith, filter, map, merge, type MonoTypeOperatorFunction, type Observable, take, takeWhile } from 'rxjs';

type Step<T> = { kind: 'value'; value: T } | { kind: 'canceled'; value: T } | { kind: 'end' };

/**
 * Mirrors the source until `cancel$` emits; then emits `onCancel()` once, unsubscribes the
 * source (so a running agent sees its abort signal) and completes. When the source ends first,
 * `cancel$` is dropped.
 *
 * @example
 * ```ts
 * run$.pipe(untilCanceled(cancelRequests$, () => canceledUpdate)).subscribe(publish);
 * ```
 */
export function untilCanceled<T>(cancel$: Observable<unknown>, onCancel: () => T): MonoTypeOperatorFunction<T> {
  return (source) =>
    merge(
      cancel$.pipe(
        take(1),
        map((): Step<T> => ({ kind: 'canceled', value: onCancel() })),
      ),
      source.pipe(
        map((value): Step<T> => ({ kind: 'value', value })),
        endWith<Step<T>>({ kind: 'end' }),
      ),
    ).pipe(
      takeWhile((step) => step.kind === 'value', true),
      filter((step): step is Exclude<Step<T>, { kind: 'end' }> => step.kind !== 'end'),
      map((step) => step.value),
    );
}
