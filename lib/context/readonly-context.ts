import type { Content } from '@google/genai';
import { type ReadonlyState, State } from '../sessions/state.js';
import type { InvocationContext } from './invocation-context.js';

/**
 * What every callback and instruction provider may read: who is running, for whom, and the
 * session state (read-only here).
 *
 * @example
 * ```ts
 * const instruction = (ctx: ReadonlyContext) => `Answer in ${ctx.state.get('user:lang') ?? 'English'}.`;
 * ```
 */
export class ReadonlyContext {
  constructor(protected readonly invocationContext: InvocationContext) {}

  /**
   * The invocation context behind a callback's or tool's context (for an `Instrumentation`, which
   * runs user code inside the span of the part it belongs to).
   *
   * @example
   * ```ts
   * ReadonlyContext.invocationOf(toolContext).traceScope;
   * ```
   */
  static invocationOf(context: ReadonlyContext): InvocationContext {
    return context.invocationContext;
  }

  get invocationId(): string {
    return this.invocationContext.invocationId;
  }
  get agentName(): string {
    return this.invocationContext.agent.name;
  }
  get userId(): string {
    return this.invocationContext.session.userId;
  }
  get sessionId(): string {
    return this.invocationContext.session.id;
  }
  get appName(): string {
    return this.invocationContext.session.appName;
  }
  /** The user message that started this invocation. */
  get userContent(): Content | undefined {
    return this.invocationContext.userContent;
  }
  get state(): ReadonlyState {
    return new State(this.invocationContext.session.state);
  }
}
