import { defer, EMPTY, merge, type Observable, takeWhile } from 'rxjs';
import { agentCheckpoint } from '../context/agent-checkpoint.js';
import type { InvocationContext } from '../context/invocation-context.js';
import type { Event } from '../events/event.js';
import { leanConcat } from '../operators/lean-concat.js';
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
 * In a resumable app (ADK Python's checkpoints) it writes `{}` first, an `endOfAgent` for each
 * child that completed without writing its own, and its own `endOfAgent` once every branch is
 * done (not when the invocation paused or ended: a paused branch ends the invocation, and the
 * other branches stop at their next step). Resumed, it runs only the children that had not ended.
 *
 * @example
 * ```ts
 * const research = new ParallelAgent({ name: 'research', subAgents: [webSearcher, paperSearcher] });
 * ```
 */
export class ParallelAgent extends BaseAgent {
  protected runAsyncImpl(ctx: InvocationContext): Observable<Event> {
    if (ctx.isResumable) return this.runResumable(ctx);
    const branches = this.subAgents.map((agent) => defer(() => agent.runAsync(ctx.forAgent(this, branchOf(ctx, this, agent)))));
    return merge(...branches).pipe(takeWhile((event) => !event.actions.escalate, true));
  }

  private runResumable(ctx: InvocationContext): Observable<Event> {
    const { states, ended } = ctx.agentStates();
    const resumed = states.has(this.name);
    const branches = this.subAgents
      .filter((agent) => !(resumed && ended.has(agent.name)))
      .map((agent) => defer(() => this.checkpointedBranch(ctx.forAgent(agent, branchOf(ctx, this, agent)), agent)));
    return leanConcat(
      resumed ? EMPTY : ctx.emit(agentCheckpoint(ctx, {})),
      merge(...branches).pipe(takeWhile((event) => !event.actions.escalate, true)),
      ctx.unlessEnded(() => ctx.emit(agentCheckpoint(ctx, 'end'))),
    );
  }

  /** A child's run on its branch, then (unless the invocation ended) its `endOfAgent`, if it did not write one. */
  private checkpointedBranch(branch: InvocationContext, child: BaseAgent): Observable<Event> {
    return leanConcat(
      child.runAsync(branch),
      branch.unlessEnded(() => (branch.agentStates().ended.has(child.name) ? EMPTY : branch.emit(agentCheckpoint(branch, 'end')))),
    );
  }
}

function branchOf(ctx: InvocationContext, parallel: BaseAgent, child: BaseAgent): string {
  return ctx.branch ? `${ctx.branch}.${child.name}` : `${parallel.name}.${child.name}`;
}
