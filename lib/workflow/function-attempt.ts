import { Observable } from 'rxjs';
import { untilComplete } from '../operators/until-complete.js';
import type { NodeHookInfo } from '../plugins/node-hook-info.js';
import { collectNodeRun } from './collect-node-run.js';
import { type CollectedNodeItems, foldNodeItem, NO_NODE_ITEMS } from './collected-node-items.js';
import { endNodeAttempt } from './end-node-attempt.js';
import { functionResultYields, isPlainFunctionResult } from './function-node.js';
import type { NodeContext, NodeFunction } from './node-context.js';
import type { NodeRunItem } from './node-run-item.js';
import { outputYield, type NodeYield } from './node-yield.js';

/**
 * One attempt of a function node (without a timeout or a `beforeNodeCallback`), with as few
 * subscriptions as its return value needs. The function is called at subscription, while the
 * items of the dynamic children it starts (`children`) are folded and passed on as they come; a
 * plain value (or `undefined`) then goes straight to the attempt's end ({@link endNodeAttempt}:
 * `afterNodeCallback`, the output event, `done`); a Promise, an Observable, an input request or
 * an event goes on through {@link collectNodeRun}, children included, until it completes. The
 * items and their order are those of `node.run(ctx, input)` merged with `children` until it
 * completes, then `collectNodeRun`.
 *
 * ```
 * fn returns 42:             (o d|)      o = output event, d = done {output: 42}
 * fn returns of(e1, 42):     (e1 o d|)
 * ```
 *
 * @example
 * ```ts
 * functionAttempt(ctx, { name: 'a', path: 'wf@1/a@1', attempt: 1 }, (_ctx, n: number) => n + 1, 41, children);
 * ```
 */
export function functionAttempt(ctx: NodeContext, info: NodeHookInfo, fn: NodeFunction, input: unknown, children: Observable<NodeYield>): Observable<NodeRunItem> {
  return new Observable<NodeRunItem>((subscriber) => {
    const path = ctx.nodePath;
    let collected: CollectedNodeItems = NO_NODE_ITEMS;
    // the children the function starts (and subscribes) while it runs are the attempt's, as in `untilComplete`
    const early = children.subscribe({
      next: (item) => {
        collected = foldNodeItem(path, collected, item);
        if (item.kind === 'event') subscriber.next(item);
      },
      error: (error: unknown) => subscriber.error(error),
    });
    let result: unknown;
    try {
      result = fn(ctx, input);
    } finally {
      early.unsubscribe();
    }
    if (!isPlainFunctionResult(result)) return untilComplete(functionResultYields(ctx, result), children).pipe(collectNodeRun(ctx, info, collected)).subscribe(subscriber);
    return endNodeAttempt(ctx, info, result === undefined ? collected : foldNodeItem(path, collected, outputYield(result))).subscribe(subscriber);
  });
}
