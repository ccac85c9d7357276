import { concatMap, EMPTY, from, type Observable } from 'rxjs';
import { agentCheckpoint } from '../context/agent-checkpoint.js';
import type { InvocationContext } from '../context/invocation-context.js';
import type { Event } from '../events/event.js';
import { leanConcat } from '../operators/lean-concat.js';
import { BaseAgent } from './base-agent.js';
import { resumePoint } from './resume-point.js';

/**
 * Runs its sub-agents one after another (`concatMap`). A sub-agent starts only once the previous
 * one has completed — that is, once its last event was committed — and not at all once the
 * invocation has ended (e.g. a tool asked for confirmation).
 *
 * ```
 * first:    --a--b|
 * second:          --c|
 * result:   --a--b--c|
 * ```
 *
 * In a resumable app (ADK Python's checkpoints) it writes `{current_sub_agent}` before each
 * sub-agent and `endOfAgent` after the last; resumed, it starts at the sub-agent its checkpoint
 * names (or the next one, if that one had ended), without writing that checkpoint again.
 *
 * ```
 * resumable:  seq{current: a} --a--b-- seq{current: b} --c-- seq{end}|
 * ```
 *
 * @example
 * ```ts
 * const pipeline = new SequentialAgent({ name: 'trip_planner', subAgents: [findFlights, findHotels, summarise] });
 * ```
 */
export class SequentialAgent extends BaseAgent {
  protected runAsyncImpl(ctx: InvocationContext): Observable<Event> {
    if (!ctx.isResumable) return from(this.subAgents).pipe(concatMap((agent) => ctx.unlessEnded(() => agent.runAsync(ctx))));
    if (!this.subAgents.length) return EMPTY;
    const { start, resumed } = resumePoint(ctx, this);
    const step = (agent: BaseAgent, i: number) =>
      ctx.unlessEnded(() =>
        leanConcat(i === 0 && resumed ? EMPTY : ctx.emit(agentCheckpoint(ctx, { current_sub_agent: agent.name })), agent.runAsync(ctx)),
      );
    return leanConcat(
      from(this.subAgents.slice(start)).pipe(concatMap(step)),
      ctx.unlessEnded(() => ctx.emit(agentCheckpoint(ctx, 'end'))),
    );
  }
}
