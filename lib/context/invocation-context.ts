import type { Content } from '@google/genai';
import { BehaviorSubject, defer, EMPTY, filter, map, type Observable, type Observer, take, type Unsubscribable } from 'rxjs';
import type { BaseArtifactService } from '../artifacts/base-artifact-service.js';
import type { ActiveEventsCompaction } from '../compaction/events-compaction-config.js';
import { createEventActions } from '../events/event-actions.js';
import { type AgentStates, foldAgentStatesFrom, NO_AGENT_STATES } from './agent-states.js';
import type { Event, EventInit } from '../events/event.js';
import type { BaseMemoryService } from '../memory/base-memory-service.js';
import type { LlmRequest } from '../models/llm-request.js';
import type { BaseSessionService } from '../sessions/base-session-service.js';
import type { Session } from '../sessions/session.js';
import { schedulerClock, type Clock } from '../utils/clock.js';
import { defaultIdGenerator, type IdGenerator } from '../utils/ids.js';
import { LazyAbortController } from '../utils/lazy-abort-controller.js';
import type { AgentLike } from './agent-like.js';
import { CommitBarrier } from './commit-barrier.js';
import type { InstrumentedNode } from './instrumented-node.js';
import type { InstrumentedToolCall } from './instrumented-tool-call.js';
import type { InstrumentedWorkflow } from './instrumented-workflow.js';
import type { PluginManagerLike } from './plugin-manager-like.js';
import type { RunConfig } from './run-config.js';
import type { ToolCallOutcome } from './tool-call-outcome.js';
import type { WorkflowNodeScope } from './workflow-node-scope.js';

/** What {@link InvocationContext} is built from. Only `session`, `sessionService` and `agent` are required. */
export interface InvocationContextInit {
  session: Session;
  sessionService: BaseSessionService;
  agent: AgentLike;
  artifactService?: BaseArtifactService;
  memoryService?: BaseMemoryService;
  invocationId?: string;
  branch?: string;
  userContent?: Content;
  runConfig?: RunConfig;
  pluginManager?: PluginManagerLike;
  /**
   * The barrier `emit` shares with the Runner's commit step (the Runner passes its own). Default:
   * a fresh one, which nothing commits through: `emit` completes at once (an agent run without a Runner).
   */
  commitBarrier?: CommitBarrier;
  idGenerator?: IdGenerator;
  clock?: Clock;
  /** Fires `abortSignal` (an `AbortController`, or a {@link LazyAbortController}). */
  abortController?: { readonly signal: AbortSignal; abort(): void };
  /** Observes the run span by span (see {@link Instrumentation}); none by default. */
  instrumentation?: Instrumentation;
  /** The app's event compaction (the token threshold is checked before each model request); none by default. */
  eventsCompaction?: ActiveEventsCompaction;
  /** The app is resumable (`App.resumability.isResumable`): agents write checkpoints. Default false. */
  resumable?: boolean;
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
  readonly pluginManager: PluginManagerLike | undefined;
  readonly commitBarrier: CommitBarrier;
  readonly idGenerator: IdGenerator;
  readonly clock: Clock;
  readonly abortController: { readonly signal: AbortSignal; abort(): void };
  /** `true` once the invocation has ended: a signal in the stream, replayed to late subscribers. */
  readonly end: BehaviorSubject<boolean>;
  readonly instrumentation: Instrumentation | undefined;
  readonly eventsCompaction: ActiveEventsCompaction | undefined;
  readonly resumable: boolean;
  llmCalls: number;
  /**
   * The agent-state fold so far (a cache of a pure fold): the events it has folded (the session's
   * array, and how many of them) and the result. Each event is folded once per invocation.
   */
  agentStatesFold: { events: readonly Event[] | undefined; folded: number; states: AgentStates };
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
  /** The agent this context is for (a `BaseAgent`). */
  readonly agent: AgentLike;
  readonly branch: string | undefined;
  /**
   * The instrumentation's handle on the part of the run this view is in (a span, for
   * `rxadk/telemetry`); `undefined` without instrumentation. Opaque to the core.
   */
  readonly traceScope: unknown;
  /** Set when the agent runs as a workflow node: the node run's path and input. */
  readonly workflowNode: WorkflowNodeScope | undefined;
  private readonly invocation: Invocation;

  constructor(init: InvocationContextInit) {
    const idGenerator = init.idGenerator ?? defaultIdGenerator;
    this.invocation = {
      id: init.invocationId ?? `e-${idGenerator()}`,
      session: init.session,
      sessionService: init.sessionService,
      artifactService: init.artifactService,
      memoryService: init.memoryService,
      userContent: init.userContent,
      runConfig: init.runConfig ?? {},
      pluginManager: init.pluginManager,
      commitBarrier: init.commitBarrier ?? new CommitBarrier(),
      idGenerator,
      clock: init.clock ?? schedulerClock,
      abortController: init.abortController ?? new LazyAbortController(),
      end: new BehaviorSubject(false),
      instrumentation: init.instrumentation,
      eventsCompaction: init.eventsCompaction,
      resumable: init.resumable ?? false,
      llmCalls: 0,
      agentStatesFold: { events: undefined, folded: 0, states: NO_AGENT_STATES },
    };
    this.agent = init.agent;
    this.branch = init.branch;
    this.traceScope = undefined;
    this.workflowNode = undefined;
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
  /** The app's event compaction, if it compacts. */
  get eventsCompaction(): ActiveEventsCompaction | undefined {
    return this.invocation.eventsCompaction;
  }
  /** The Runner's plugins (its `PluginManager`), if it has any. */
  get pluginManager(): PluginManagerLike | undefined {
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
  /** The run's {@link Instrumentation}, if the Runner has one. */
  get instrumentation(): Instrumentation | undefined {
    return this.invocation.instrumentation;
  }
  /**
   * True when the app is resumable: agents write checkpoint events (`actions.agentState`,
   * `actions.endOfAgent`) and an invocation pauses at a long-running call.
   */
  get isResumable(): boolean {
    return this.invocation.resumable;
  }

  /**
   * Where the agents of this invocation are, folded from its committed events
   * ({@link foldAgentStates}); empty unless the app is resumable. An agent reads its own entry
   * when it starts: a resumed invocation carries on from there. The fold is incremental: each
   * call folds only the events committed since the previous one (one pass over the session per
   * invocation, not one per agent start).
   *
   * @example
   * ```ts
   * ctx.agentStates().states.get(ctx.agent.name); // { current_sub_agent: 'writer' } when resumed there
   * ```
   */
  agentStates(): AgentStates {
    if (!this.invocation.resumable) return NO_AGENT_STATES;
    const fold = this.invocation.agentStatesFold;
    const events = this.invocation.session.events;
    // the session's events only grow during an invocation: fold what is new since the last call
    // (from the start again if the array was replaced)
    const from = fold.events === events ? fold.folded : 0;
    const previous = fold.events === events ? fold.states : NO_AGENT_STATES;
    this.invocation.agentStatesFold = { events, folded: events.length, states: foldAgentStatesFrom(previous, events, from, this.invocation.id, this.agent.rootAgent) };
    return this.invocation.agentStatesFold.states;
  }

  /** True once {@link endInvocation} was called: no further model call, tool or agent starts. */
  get ended(): boolean {
    return this.invocation.end.value;
  }

  /**
   * Emits once (then completes) when the invocation ends; at once if it already has. A notifier
   * for `takeUntil` in custom agents.
   *
   * ```
   * endInvocation() called at frame 3:   ---(x|)
   * ```
   */
  get ended$(): Observable<void> {
    return this.invocation.end.pipe(filter(Boolean), take(1), map(() => undefined));
  }

  /**
   * Replaces the user message of this invocation (the Runner does this when a plugin's
   * `onUserMessageCallback` rewrites it).
   */
  setUserContent(content: Content): void {
    this.invocation.userContent = content;
  }

  /** Ends the invocation: agents stop at their next step boundary (see {@link unlessEnded}). */
  endInvocation(): void {
    if (!this.invocation.end.value) this.invocation.end.next(true);
  }

  /**
   * A step boundary: subscribes to `next()` unless the invocation has ended by then, else
   * completes empty. Every built-in agent starts its body, each sub-agent and each LLM step
   * through it; events already under way are not cut.
   *
   * ```
   * not ended:   unlessEnded(() => --a--b|)   →  --a--b|
   * ended:       unlessEnded(() => --a--b|)   →  |          (next never called)
   * ```
   *
   * @example
   * ```ts
   * from(this.subAgents).pipe(concatMap((agent) => ctx.unlessEnded(() => agent.runAsync(ctx))));
   * ```
   */
  unlessEnded<T>(next: () => Observable<T>): Observable<T> {
    return defer(() => (this.invocation.end.value ? EMPTY : next()));
  }

  /**
   * Emits `event` downstream (towards the Runner) and completes when the consumer is ready for the
   * next event ({@link CommitBarrier}, SPEC §6): if the event reached the Runner during the emission
   * (through any synchronous operators, whatever its id or identity), once the Runner has
   * persisted it (or forwarded it if partial), run `onEventCallback` and handed it to the caller;
   * if a parent filtered, took, buffered or delayed it, at once. Chain what must observe the
   * committed state after it: `concat(ctx.emit(e), defer(() => next(ctx)))`. Never mutate an
   * event after emitting it.
   *
   * ```
   * sync store:           (e|)
   * store taking 50ms:    e ──50ms── |
   * parent filtered e:    (e|)
   * ```
   */
  emit(event: Event): Observable<Event> {
    return this.invocation.commitBarrier.emit(event);
  }

  /**
   * {@link emit} into `observer`, with no Observable per event ({@link CommitBarrier.emitTo}):
   * `event` to `observer.next`, then `observer.complete()` once committed; returns the wait's
   * subscription, or `undefined` when the commit was done during the emission.
   *
   * @example
   * ```ts
   * const waiting = ctx.emitTo(event, { next: render, error: fail, complete: goOn });
   * ```
   */
  emitTo(event: Event, observer: Observer<Event>): Unsubscribable | undefined {
    return this.invocation.commitBarrier.emitTo(event, observer);
  }

  /**
   * True when every event that reached the Runner is committed ({@link CommitBarrier.settled}):
   * an event the Runner does not store (and hands on at once: no `onEventCallback`) emitted now
   * is committed before the emission returns, so `emit`'s completion would be immediate. The live
   * mode hands such an event (an audio frame's) on without `emit`'s Observable.
   *
   * Why a read and not a notifier the live lane composes with: the barrier changes state twice per
   * event (arrived, then committed), so a "settled" Observable would notify twice per audio frame,
   * and the lane, which decides synchronously at each item's turn, would still have to keep the
   * last notified value in a variable of its own: the same read, behind a subscription per
   * connection and two notifications per frame (what this getter saves: it reads two counters).
   * The stream still decides the order: the lane only asks whether `emit`'s wait would be empty.
   *
   * @example
   * ```ts
   * ctx.commitsSettled; // true between turns, false while the Runner stores an event
   * ```
   */
  get commitsSettled(): boolean {
    return this.invocation.commitBarrier.settled;
  }

  /** A context for `agent` in the same invocation (on `branch`, or this context's branch). */
  forAgent(agent: AgentLike, branch: string | undefined = this.branch): InvocationContext {
    return this.view(agent, branch, this.traceScope, this.workflowNode);
  }

  /**
   * A context for `agent` running as a workflow node (on `branch`): its model sees the node's
   * input and the node run's own events (see {@link WorkflowNodeScope}); `undefined` leaves the node.
   *
   * @example
   * ```ts
   * agent.runAsync(ctx.forWorkflowNode('wf@1/draft@1', input, ctx.branch));
   * ```
   */
  forWorkflowNode(scope: WorkflowNodeScope | undefined, branch: string | undefined = this.branch): InvocationContext {
    return this.view(this.agent, branch, this.traceScope, scope);
  }

  /**
   * A view of this context inside another part of the run (for an {@link Instrumentation}):
   * same agent, branch and invocation, and `scope` as its {@link traceScope}.
   *
   * @example
   * ```ts
   * run(ctx.withTraceScope(trace.setSpan(parentContext, span)));
   * ```
   */
  withTraceScope(scope: unknown): InvocationContext {
    return this.view(this.agent, this.branch, scope, this.workflowNode);
  }

  private view(agent: AgentLike, branch: string | undefined, traceScope: unknown, workflowNode: WorkflowNodeScope | undefined): InvocationContext {
    const view = Object.create(InvocationContext.prototype) as {
      -readonly [K in 'agent' | 'branch' | 'traceScope' | 'workflowNode']: InvocationContext[K];
    } & {
      invocation: Invocation;
    };
    view.agent = agent;
    view.branch = branch;
    view.traceScope = traceScope;
    view.workflowNode = workflowNode;
    view.invocation = this.invocation;
    return view as unknown as InvocationContext;
  }

  /**
   * An event of this invocation: the Runner's id generator and clock, this agent as author, this
   * branch; `init` overrides any of them (an id or timestamp it gives is not generated at all).
   */
  createEvent(init: Partial<EventInit> = {}): Event {
    // assigned, not spread: on every event, and V8's object spread is slow here
    const event = { invocationId: this.invocation.id, author: this.agent.name } as Event;
    if (this.branch !== undefined) event.branch = this.branch;
    Object.assign(event, init);
    event.id ??= this.invocation.idGenerator();
    event.timestamp ??= this.invocation.clock();
    event.actions = createEventActions(init.actions);
    return event;
  }

  /** Counts one model call; returns the count so far in this invocation. */
  incrementLlmCallCount(): number {
    return ++this.invocation.llmCalls;
  }
}

// Instrumentation and InvocationContext name each other, so they share this file: two files
// would import each other (docs/architecture.md).

/**
 * How a run is observed from inside, span by span: the core hands each part of a run — the
 * invocation, each agent, each model call (with the tools it asked for), each tool call — to
 * these wrappers, and runs user code (callbacks, tools' functions, the model's request) through
 * {@link enter}. Installed with the Runner's `instrumentation` option; `rxadk/telemetry`'s
 * `openTelemetry()` is one. Without one, the core calls nothing here and pays nothing.
 *
 * A wrapper must subscribe to `run(view)` exactly once per subscription to its result, pass every
 * value and notification through unchanged, and unsubscribe from it when unsubscribed. `view` is
 * the context the part runs in: typically `ctx.withTraceScope(scope)`, so that the parts inside
 * find their parent in `ctx.traceScope` — the stream carries the span, no side table does.
 *
 * ```
 * invocation ─► agent ─► modelCall ─► toolCall, toolCall (siblings)
 *                    └─► agent (a transfer, a sub-agent)
 * ```
 *
 * @example
 * ```ts
 * const logging: Instrumentation = {
 *   invocation: (ctx, run) => run(ctx),
 *   agent: (ctx, agent, run) => defer(() => (console.log('agent', agent.name), run(ctx))),
 *   modelCall: (ctx, agent, request, run) => run(ctx),
 *   toolCall: (ctx, call, run) => run(ctx),
 *   enter: (ctx, fn) => fn(),
 * };
 * new Runner({ appName, agent, sessionService, instrumentation: logging });
 * ```
 */
export interface Instrumentation {
  /** One `runAsync`: the user message, the agents, the run callbacks. */
  invocation(ctx: InvocationContext, run: (ctx: InvocationContext) => Observable<Event>): Observable<Event>;
  /** One agent's run: its callbacks and its body (sub-agents included). */
  agent(ctx: InvocationContext, agent: AgentLike, run: (ctx: InvocationContext) => Observable<Event>): Observable<Event>;
  /**
   * One model call and what follows from its answer: the model callbacks, the model's events
   * (partial chunks and the final one), the tool calls it asked for and their response event.
   */
  modelCall(
    ctx: InvocationContext,
    agent: AgentLike,
    request: LlmRequest,
    run: (ctx: InvocationContext) => Observable<Event>,
  ): Observable<Event>;
  /** One tool call: its callbacks, its validation and its run. */
  toolCall(ctx: InvocationContext, call: InstrumentedToolCall, run: (ctx: InvocationContext) => Observable<ToolCallOutcome>): Observable<ToolCallOutcome>;
  /**
   * One run of a workflow graph (`invoke_workflow`): its nodes run inside. Optional: without it a
   * workflow is observed as an agent only.
   */
  workflow?<T>(ctx: InvocationContext, workflow: InstrumentedWorkflow, run: (ctx: InvocationContext) => Observable<T>): Observable<T>;
  /** One workflow node run (`execute_node`), its attempts and output event included. Optional. */
  node?<T>(ctx: InvocationContext, node: InstrumentedNode, run: (ctx: InvocationContext) => Observable<T>): Observable<T>;
  /** A warning about the run (a workflow route that matched no edge), put on `ctx`'s part of the trace. Optional. */
  warning?(ctx: InvocationContext, message: string): void;
  /** Calls `fn` (user code) inside the span of `ctx`'s part, so that what it starts nests there. */
  enter<T>(ctx: InvocationContext, fn: () => T): T;
}
