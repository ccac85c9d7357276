import type { Content } from '@google/genai';
import { Observable } from 'rxjs';
import type { BaseAgent } from '../agents/base-agent.js';
import type { BaseArtifactService } from '../artifacts/base-artifact-service.js';
import { createEvent, type Event, type EventInit } from '../events/event.js';
import type { BaseMemoryService } from '../memory/base-memory-service.js';
import type { PluginManager } from '../plugins/plugin-manager.js';
import type { BaseSessionService } from '../sessions/base-session-service.js';
import type { Session } from '../sessions/session.js';
import { schedulerClock, type Clock } from '../utils/clock.js';
import { defaultIdGenerator, type IdGenerator } from '../utils/ids.js';
import { type Acknowledgements, immediateAcknowledgements } from './event-acknowledger.js';
import { LazyAbortController } from './lazy-abort-controller.js';
import type { RunConfig } from './run-config.js';

/** What {@link InvocationContext} is built from. Only `session`, `sessionService` and `agent` are required. */
export interface InvocationContextInit {
  session: Session;
  sessionService: BaseSessionService;
  agent: BaseAgent;
  artifactService?: BaseArtifactService;
  memoryService?: BaseMemoryService;
  invocationId?: string;
  branch?: string;
  userContent?: Content;
  runConfig?: RunConfig;
  pluginManager?: PluginManager;
  /** How emitted events are acknowledged. Default: at once (no Runner). */
  acknowledgements?: Acknowledgements;
  idGenerator?: IdGenerator;
  clock?: Clock;
  /** Fires `abortSignal` (an `AbortController`, or a {@link LazyAbortController}). */
  abortController?: { readonly signal: AbortSignal; abort(): void };
}

/** The part of an invocation that every agent's context shares. */
interface Invocation {
  readonly id: string;
  readonly session: Session;
  readonly sessionService: BaseSessionService;
  readonly artifactService: BaseArtifactService | undefined;
  readonly memoryService: BaseMemoryService | undefined;
  userContent: Content | undefined;
  readonly runConfig: RunConfig;
  readonly pluginManager: PluginManager | undefined;
  readonly acknowledgements: Acknowledgements;
  readonly idGenerator: IdGenerator;
  readonly clock: Clock;
  readonly abortController: { readonly signal: AbortSignal; abort(): void };
  ended: boolean;
  llmCalls: number;
}

/**
 * Everything one agent needs during one invocation (one `runner.runAsync` subscription): the
 * session, the services, the run config, the plugins, and the link back to the Runner through
 * {@link emit}. Each agent gets its own context ({@link forAgent}); they share the invocation.
 *
 * @example
 * ```ts
 * class Greeter extends BaseAgent {
 *   protected runAsyncImpl(ctx: InvocationContext) {
 *     const greeting = ctx.createEvent({ content: { role: 'model', parts: [{ text: 'Hi!' }] },
 *                                       actions: { stateDelta: { greeted: true } } });
 *     // the continuation runs only after the Runner committed the greeting:
 *     return concat(ctx.emit(greeting), defer(() => {
 *       console.log(ctx.session.state['greeted']); // true
 *       return EMPTY;
 *     }));
 *   }
 * }
 * ```
 */
export class InvocationContext {
  readonly agent: BaseAgent;
  readonly branch: string | undefined;
  private readonly invocation: Invocation;

  constructor(init: InvocationContextInit);
  constructor(invocation: Invocation, agent: BaseAgent, branch: string | undefined);
  constructor(init: InvocationContextInit | Invocation, agent?: BaseAgent, branch?: string) {
    if (agent) {
      this.invocation = init as Invocation;
      this.agent = agent;
      this.branch = branch;
      return;
    }
    const options = init as InvocationContextInit;
    const idGenerator = options.idGenerator ?? defaultIdGenerator;
    this.invocation = {
      id: options.invocationId ?? `e-${idGenerator()}`,
      session: options.session,
      sessionService: options.sessionService,
      artifactService: options.artifactService,
      memoryService: options.memoryService,
      userContent: options.userContent,
      runConfig: options.runConfig ?? {},
      pluginManager: options.pluginManager,
      acknowledgements: options.acknowledgements ?? immediateAcknowledgements,
      idGenerator,
      clock: options.clock ?? schedulerClock,
      abortController: options.abortController ?? new LazyAbortController(),
      ended: false,
      llmCalls: 0,
    };
    this.agent = options.agent;
    this.branch = options.branch;
  }

  get invocationId(): string {
    return this.invocation.id;
  }
  get session(): Session {
    return this.invocation.session;
  }
  get sessionService(): BaseSessionService {
    return this.invocation.sessionService;
  }
  get artifactService(): BaseArtifactService | undefined {
    return this.invocation.artifactService;
  }
  get memoryService(): BaseMemoryService | undefined {
    return this.invocation.memoryService;
  }
  get userContent(): Content | undefined {
    return this.invocation.userContent;
  }
  get runConfig(): RunConfig {
    return this.invocation.runConfig;
  }
  get pluginManager(): PluginManager | undefined {
    return this.invocation.pluginManager;
  }
  /** Fires when the caller unsubscribes from the run (or the run fails). */
  get abortSignal(): AbortSignal {
    return this.invocation.abortController.signal;
  }
  get idGenerator(): IdGenerator {
    return this.invocation.idGenerator;
  }
  get clock(): Clock {
    return this.invocation.clock;
  }
  /** True once {@link endInvocation} was called: no further model call, tool or agent starts. */
  get ended(): boolean {
    return this.invocation.ended;
  }

  /**
   * Replaces the user message of this invocation (the Runner does this when a plugin's
   * `onUserMessageCallback` rewrites it).
   */
  setUserContent(content: Content): void {
    this.invocation.userContent = content;
  }

  /** Ends the invocation: agents stop at their next step boundary. */
  endInvocation(): void {
    this.invocation.ended = true;
  }

  /**
   * Emits `event` downstream (towards the Runner) and completes only once the Runner has
   * acknowledged it: persisted it, or forwarded it if partial. Chain what must observe the
   * committed state after it: `concat(ctx.emit(e), defer(() => next(ctx)))`.
   *
   * ```
   * emit(e):   (e)─────ack──|      with a store that takes 50ms: e ──50ms── |
   * ```
   */
  emit(event: Event): Observable<Event> {
    const acknowledgements = this.invocation.acknowledgements;
    return new Observable<Event>((subscriber) => {
      subscriber.next(event);
      if (subscriber.closed) return undefined;
      if (acknowledgements.takeAcknowledgement(event.id)) {
        subscriber.complete();
        return undefined;
      }
      return acknowledgements.whenAcknowledged(event.id).subscribe(subscriber);
    });
  }

  /** A context for `agent` in the same invocation (on `branch`, or this context's branch). */
  forAgent(agent: BaseAgent, branch: string | undefined = this.branch): InvocationContext {
    return new InvocationContext(this.invocation, agent, branch);
  }

  /**
   * An event of this invocation: the Runner's id generator and clock, this agent as author, this
   * branch; `init` overrides any of them.
   */
  createEvent(init: Partial<EventInit> = {}): Event {
    return createEvent({
      invocationId: this.invocation.id,
      author: this.agent.name,
      ...(this.branch !== undefined ? { branch: this.branch } : {}),
      id: this.invocation.idGenerator(),
      timestamp: this.invocation.clock(),
      ...init,
    });
  }

  /** Counts one model call; returns the count so far in this invocation. */
  incrementLlmCallCount(): number {
    return ++this.invocation.llmCalls;
  }
}
