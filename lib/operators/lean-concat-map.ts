import type { ObservableInput, OperatorFunction } from 'rxjs';
import { concatMapOrForward } from './concat-map-or-forward.js';

/**
 * `concatMap`, lighter per value: each projection is subscribed with a plain observer, and one
 * that completes synchronously (a `ctx.emit` whose event the Runner committed at once) leaves no
 * subscription to add to or remove from the result's, as `concatMap`'s inner subscriber does. The
 * same values, order, errors and teardown as `concatMap` (it is {@link concatMapOrForward} with
 * no fast lane). The live mode maps every audio frame's event through it.
 *
 * ```
 * source:    a─b────c─|
 * project:   a → x|, b → ──y|, c → z|
 * result:    x───y──z─|
 * ```
 *
 * @example
 * ```ts
 * events$.pipe(leanConcatMap((event) => ctx.emit(event))).subscribe(render);
 * ```
 */
export function leanConcatMap<T, R>(project: (value: T) => ObservableInput<R>): OperatorFunction<T, R> {
  return concatMapOrForward(noFastLane, project);
}

function noFastLane(): undefined {
  return undefined;
}
