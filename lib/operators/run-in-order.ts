import { defer, EMPTY, type Observable } from 'rxjs';
import { leanConcat } from './lean-concat.js';

/** A step that is either done when it returns, or returns an Observable to wait for. */
export type OrderedStep<T> = () => Observable<T> | void;

/**
 * Runs steps one after another, each at its turn: a step that returns nothing is done at once and
 * the next runs without any subscription; a step that returns an Observable is subscribed and the
 * next runs when it completes. Emits what the steps' Observables emit. Keeps the common,
 * synchronous case free of operator overhead.
 *
 * ```
 * steps:   s1 → (void)   s2 → --a|   s3 → (void)   s4 → -b|
 * result:  --a-b|
 * ```
 *
 * @example
 * ```ts
 * runInOrder([() => void request.contents.push(x), () => loadArtifact$, () => void done()]).subscribe();
 * ```
 */
export function runInOrder<T>(steps: readonly OrderedStep<T>[]): Observable<T> {
  return defer(() => startInOrder(steps) ?? EMPTY);
}

/**
 * {@link runInOrder}, started now: runs the steps synchronously until one returns an Observable,
 * and returns that Observable followed by the remaining steps — or nothing when every step was
 * synchronous.
 *
 * @example
 * ```ts
 * const rest = startInOrder(tools.map((tool) => () => tool.processLlmRequest(ctx, request)));
 * return rest ?? undefined; // nothing to wait for in the common case
 * ```
 */
export function startInOrder<T>(steps: readonly OrderedStep<T>[], from = 0): Observable<T> | undefined {
  return startEachInOrder(steps, callStep, from);
}

/**
 * {@link startInOrder} over items and one function that starts each (no closure per item, no array
 * of steps): calls `start` on the items synchronously until it returns an Observable, and returns
 * that Observable followed by the remaining items, each started at its turn — or nothing when
 * every item was done at once.
 *
 * ```
 * items:   a → (void)   b → --x|   c → (void)   d → -y|
 * result:  --x-y|        (a and b started now; c and d when b completes)
 * ```
 *
 * @example
 * ```ts
 * const rest = startEachInOrder(processors, (process) => process(ctx, agent, request));
 * return rest ?? undefined; // nothing to wait for when every processor is synchronous
 * ```
 */
export function startEachInOrder<I, T>(items: readonly I[], start: (item: I) => Observable<T> | void, from = 0): Observable<T> | undefined {
  for (let i = from; i < items.length; i++) {
    const pending = start(items[i]!);
    if (pending) return leanConcat(pending, defer(() => startEachInOrder(items, start, i + 1) ?? EMPTY));
  }
  return undefined;
}

function callStep<T>(step: OrderedStep<T>): Observable<T> | void {
  return step();
}
