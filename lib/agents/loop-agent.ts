import { concatMap, EMPTY, from, type Observable, takeWhile } from 'rxjs';
import type { InvocationContext } from '../context/invocation-context.js';
import type { Event } from '../events/event.js';
import { repeatWhileLast } from '../operators/repeat-while-last.js';
import { BaseAgent, type BaseAgentConfig } from './base-agent.js';

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
    let passes = 0;
    return ctx.unlessEnded(() => this.onePass(ctx)).pipe(
      repeatWhileLast((last) => last !== undefined && ++passes < (this.maxIterations ?? Infinity)),
      takeWhile((event) => !event.actions.escalate, true),
    );
  }

  private onePass(ctx: InvocationContext): Observable<Event> {
    return from(this.subAgents).pipe(concatMap((agent) => ctx.unlessEnded(() => agent.runAsync(ctx))));
  }
}
