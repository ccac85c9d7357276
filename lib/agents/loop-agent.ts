import { concatMap, EMPTY, from, type Observable, takeWhile } from 'rxjs';
import { agentCheckpoint } from '../context/agent-checkpoint.js';
import type { InvocationContext } from '../context/invocation-context.js';
import type { Event } from '../events/event.js';
import { leanConcat } from '../operators/lean-concat.js';
import { repeatWhileLast } from '../operators/repeat-while-last.js';
import { BaseAgent, type BaseAgentConfig } from './base-agent.js';
import { resumePoint } from './resume-point.js';

/** What a {@link LoopAgent} is built from. */
export interface LoopAgentConfig extends BaseAgentConfig {
  /** Stop after this many passes over the sub-agents (default: until an escalation). */
  maxIterations?: number;
}

/**
 * Runs its sub-agents in sequence, again and again, until an event escalates (that event is
 * emitted, the rest is cancelled — e.g. a sub-agent called `exit_loop`), `maxIterations` passes
 * are done, or the invocation ends. Each pass and each sub-agent starts through
 * `ctx.unlessEnded`: once the invocation has ended, the next pass emits nothing, and a pass that
 * emitted nothing ends the loop (nothing could change before the next one).
 *
 * ```
 * pass 1:  --a--b|
 * pass 2:         --a--(b esc)|     → stop: b esc is the last event
 * result:  --a--b--a--(b esc)|
 * ```
 *
 * In a resumable app (ADK Python's checkpoints) it writes `{current_sub_agent, times_looped}`
 * before each sub-agent and `endOfAgent` when the loop is over (not when the invocation paused
 * or ended); resumed, it carries on at that pass and sub-agent. A pass whose last sub-agent
 * emitted nothing ends the loop (as an empty pass does without checkpoints).
 *
 * @example
 * ```ts
 * const refine = new LoopAgent({ name: 'refine', subAgents: [writer, critic], maxIterations: 5 });
 * ```
 */
export class LoopAgent extends BaseAgent {
  readonly maxIterations: number | undefined;

  constructor(config: LoopAgentConfig) {
    super(config);
    this.maxIterations = config.maxIterations;
  }

  protected runAsyncImpl(ctx: InvocationContext): Observable<Event> {
    if (this.maxIterations !== undefined && this.maxIterations <= 0) return EMPTY;
    if (ctx.isResumable) return this.runResumable(ctx);
    let passes = 0;
    return ctx.unlessEnded(() => this.onePass(ctx)).pipe(
      repeatWhileLast((last) => last !== undefined && ++passes < (this.maxIterations ?? Infinity)),
      takeWhile((event) => !event.actions.escalate, true),
    );
  }

  /**
   * The loop with checkpoints: from the resume point, pass after pass, then `endOfAgent`. With
   * checkpoints a pass is never empty, so the idle-loop guard is a pass whose last event is this
   * loop's own checkpoint (its last sub-agent emitted nothing).
   */
  private runResumable(ctx: InvocationContext): Observable<Event> {
    if (!this.subAgents.length) return EMPTY;
    const point = resumePoint(ctx, this);
    const looped = point.state?.['times_looped'];
    let times = typeof looped === 'number' ? looped : 0;
    let next = { start: point.start, resuming: point.resumed };
    const pass = ctx.unlessEnded(() => {
      const { start, resuming } = next;
      next = { start: 0, resuming: false };
      return this.checkpointedPass(ctx, times, start, resuming);
    });
    const loop = pass.pipe(
      repeatWhileLast((last) => last !== undefined && !(last.author === this.name && last.actions.agentState) && ++times < (this.maxIterations ?? Infinity)),
      takeWhile((event) => !event.actions.escalate, true),
    );
    return leanConcat(loop, ctx.unlessEnded(() => ctx.emit(agentCheckpoint(ctx, 'end'))));
  }

  /** One pass from sub-agent `from`, each sub-agent after its checkpoint (not the resumed one's, already stored). */
  private checkpointedPass(ctx: InvocationContext, times: number, from_: number, resuming: boolean): Observable<Event> {
    return from(this.subAgents.slice(from_)).pipe(
      concatMap((agent, i) =>
        ctx.unlessEnded(() =>
          leanConcat(
            resuming && i === 0 ? EMPTY : ctx.emit(agentCheckpoint(ctx, { current_sub_agent: agent.name, times_looped: times })),
            agent.runAsync(ctx),
          ),
        ),
      ),
    );
  }

  private onePass(ctx: InvocationContext): Observable<Event> {
    return from(this.subAgents).pipe(concatMap((agent) => ctx.unlessEnded(() => agent.runAsync(ctx))));
  }
}
