import { defer, merge, type Observable, takeWhile } from 'rxjs';
import type { InvocationContext } from '../context/invocation-context.js';
import type { Event } from '../events/event.js';
import { BaseAgent } from './base-agent.js';

/**
 * Runs all its sub-agents at once (`merge`), each on its own branch `<parallel>.<child>` (or
 * `<branch>.<child>` inside another branch), so each child's model sees only its branch's
 * history and the history before the fork. Events interleave in completion order. An `escalate`
 * event from any branch is emitted and ends the whole agent: the other branches are unsubscribed.
 *
 * ```
 * child a:   ---a1------a2|
 * child b:   -b1---b2(esc)|
 * result:    -b1-a1-b2(esc)|        (a2 never comes)
 * ```
 *
 * @example
 * ```ts
 * const research = new ParallelAgent({ name: 'research', subAgents: [webSearcher, paperSearcher] });
 * ```
 */
export class ParallelAgent extends BaseAgent {
  protected runAsyncImpl(ctx: InvocationContext): Observable<Event> {
    const branches = this.subAgents.map((agent) => defer(() => agent.runAsync(ctx.forAgent(this, branchOf(ctx, this, agent)))));
    return merge(...branches).pipe(takeWhile((event) => !event.actions.escalate, true));
  }
}

function branchOf(ctx: InvocationContext, parallel: BaseAgent, child: BaseAgent): string {
  return ctx.branch ? `${ctx.branch}.${child.name}` : `${parallel.name}.${child.name}`;
}
