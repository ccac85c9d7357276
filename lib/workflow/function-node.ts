import { concatMap, defer, from, isObservable, type Observable, of, EMPTY } from 'rxjs';
import type { NodeContext, NodeFunction } from './node-context.js';
import type { NodeOptions } from './node-options.js';
import { isPromiseLike } from '../utils/from-maybe-async.js';
import { isEvent } from './is-event.js';
import { eventYield, outputYield, type NodeYield } from './node-yield.js';
import { RequestInput } from './request-input.js';
import { requestInputYields } from './request-input-yields.js';
import { WorkflowNode } from './workflow-node.js';

/**
 * A node that runs a function `(ctx, input) => value | Promise | Observable<value | Event> |
 * RequestInput`, called inside `defer` at its turn. A Promise is converted once; every value of
 * an Observable that is not an event is output; a `RequestInput` pauses the workflow.
 *
 * @example
 * ```ts
 * const upper = new FunctionNode('upper', (_ctx, text: string) => text.toUpperCase());
 * ```
 */
export class FunctionNode extends WorkflowNode {
  readonly fn: NodeFunction;

  constructor(name: string, fn: NodeFunction, options: NodeOptions = {}) {
    super(name, options);
    this.fn = fn;
  }

  run(ctx: NodeContext, input: unknown): Observable<NodeYield> {
    return defer(() => functionResultYields(ctx, this.fn(ctx, input)));
  }

  withOptions(options: NodeOptions): FunctionNode {
    return new FunctionNode(options.name ?? this.name, this.fn, { ...this.options, ...options });
  }
}

/**
 * A function node's return value as node items: a Promise is converted once; every value of an
 * Observable (or the value itself) is an output, an event (stamped as the node's) or an input
 * request; `undefined` is no item.
 *
 * @example
 * ```ts
 * functionResultYields(ctx, 42); // of({ kind: 'output', value: 42 })
 * ```
 */
export function functionResultYields(ctx: NodeContext, result: unknown): Observable<NodeYield> {
  if (isObservable(result)) return result.pipe(concatMap((value) => valueYields(ctx, value)));
  if (isPromiseLike(result)) return from(result).pipe(concatMap((value) => valueYields(ctx, value)));
  return valueYields(ctx, result);
}

function valueYields(ctx: NodeContext, value: unknown): Observable<NodeYield> {
  if (value === undefined) return EMPTY;
  if (value instanceof RequestInput) return requestInputYields(ctx, value);
  if (isEvent(value)) return of(eventYield(ctx.stamp(value)));
  return of(outputYield(value));
}

/**
 * Whether a function node's return value is a plain value (or `undefined`): not an Observable, a
 * Promise, an input request nor an event, so that it is the node's output (or no output) as it is.
 *
 * @example
 * ```ts
 * isPlainFunctionResult(42);                  // true
 * isPlainFunctionResult(Promise.resolve(42)); // false
 * ```
 */
export function isPlainFunctionResult(result: unknown): boolean {
  if (result === null || (typeof result !== 'object' && typeof result !== 'function')) return true;
  return !isObservable(result) && !isPromiseLike(result) && !(result instanceof RequestInput) && !isEvent(result);
}

/**
 * Whether a function node's return value is a Promise (any thenable) that is not an Observable:
 * the value it resolves to is the node's, as {@link functionResultYields} reads it.
 *
 * @example
 * ```ts
 * isPromiseResult(Promise.resolve(42)); // true
 * isPromiseResult(of(42));              // false
 * ```
 */
export function isPromiseResult(result: unknown): result is PromiseLike<unknown> {
  return !isObservable(result) && isPromiseLike(result);
}
