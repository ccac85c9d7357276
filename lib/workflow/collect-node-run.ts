import type { OperatorFunction } from 'rxjs';
import { forwardAndFold } from '../operators/forward-and-fold.js';
import type { NodeHookInfo } from '../plugins/node-hook-info.js';
import { type CollectedNodeItems, foldNodeItem, NO_NODE_ITEMS } from './collected-node-items.js';
import { endNodeAttempt } from './end-node-attempt.js';
import type { NodeContext } from './node-context.js';
import type { NodeRunItem } from './node-run-item.js';
import type { NodeYield } from './node-yield.js';

/**
 * Turns one attempt's node items into node-run items: events pass through as they come; when the
 * attempt completes, its output is checked (JSON, `outputSchema`) and committed as ADK's output
 * event (`output`, `nodeInfo.outputFor`, no content; with the route set through `ctx.route` and
 * the state written since the last event), unless an event already carries it; then one `done`.
 * A node without output that set a route or wrote state gets one event with just that; one
 * that left no event at all gets an event with just its `nodeInfo` (its completion, for resume).
 * `seed` is what the attempt produced before these items (nothing by default).
 *
 * ```
 * node items:  --e1---out(42)--|
 * result:      --e1------------(o d|)      o = output event, d = done {output: 42}
 * ```
 *
 * @example
 * ```ts
 * node.run(ctx, input).pipe(collectNodeRun(ctx, { name: 'a', path: 'wf@1/a@1', attempt: 1 }));
 * ```
 */
export function collectNodeRun(ctx: NodeContext, info: NodeHookInfo, seed: CollectedNodeItems = NO_NODE_ITEMS): OperatorFunction<NodeYield, NodeRunItem> {
  const path = ctx.nodePath;
  return forwardAndFold(
    eventItem,
    (acc: CollectedNodeItems, item: NodeYield) => foldNodeItem(path, acc, item),
    seed,
    (collected) => endNodeAttempt(ctx, info, collected),
  );
}

/** A node item that is an event, as a node-run item; the others are folded, not passed on. */
function eventItem(item: NodeYield): NodeRunItem | undefined {
  return item.kind === 'event' ? item : undefined;
}
