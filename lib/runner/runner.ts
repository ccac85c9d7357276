import type { Content } from '@google/genai';
import {
  catchError,
  concat,
  concatMap,
  defer,
  from,
  EMPTY,
  ignoreElements,
  Observable,
  of,
  type Subscription,
  throwError,
  using,
} from 'rxjs';
import { leanConcat } from '../operators/lean-concat.js';
import { leanConcatMap } from '../operators/lean-concat-map.js';
import type { BaseAgent } from '../agents/base-agent.js';
import { activeEventsCompaction } from '../apps/active-events-compaction.js';
import type { App } from '../apps/app.js';
import { compactAfterTurn } from '../apps/compact-after-turn.js';
import { completeAtTurnEnd, type TurnEnd } from '../apps/off-path-tail.js';
import type { ActiveEventsCompaction } from '../compaction/events-compaction-config.js';
import type { BaseArtifactService } from '../artifacts/base-artifact-service.js';
import { CommitBarrier } from '../context/commit-barrier.js';
import { LazyAbortController } from '../utils/lazy-abort-controller.js';
import { instrumentedInvocation } from '../context/instrumented.js';
import { type Instrumentation, InvocationContext, type InvocationContextInit } from '../context/invocation-context.js';
import type { RunConfig } from '../context/run-config.js';
import type { Event } from '../events/event.js';
import type { BaseMemoryService } from '../memory/base-memory-service.js';
import { abortOnTeardown } from '../operators/abort-on-teardown.js';
import type { BasePlugin } from '../plugins/base-plugin.js';
import { PluginManager } from '../plugins/plugin-manager.js';
import type { BaseSessionService, SessionRef } from '../sessions/base-session-service.js';
import type { Session } from '../sessions/session.js';
import type { Clock } from '../utils/clock.js';
import { AgentConfigError, InvalidRequestError, SessionNotFoundError, toError } from '../utils/errors.js';
import { defaultIdGenerator, type IdGenerator } from '../utils/ids.js';
import { KeyedMutex } from '../utils/keyed-mutex.js';
import { answeredCallBranch } from './answered-call-branch.js';
import { commitEvents } from './commit-events.js';
import { storedSilently } from './stored-silently.js';
import { nodeHostEvents } from './node-host-events.js';
import { interruptedCallResponses } from './interrupted-call-responses.js';
import { type InvocationToResume, invocationToResume } from './invocation-to-resume.js';
import { NO_AGENT_STATES } from '../context/agent-states.js';
import { runnerTarget } from './runner-target.js';
import { selectAgentForTurn } from './select-agent-for-turn.js';
import { isStoredLiveEvent } from '../live/live-event.js';
import type { LiveRequestQueue } from '../live/live-request-queue.js';
import { runLiveAgent } from '../live/run-live-agent.js';
import { isFlowAgent } from '../flows/flow-agent.js';
import type { LiveRequest } from '../models/live-request.js';
import { HoldingSubject } from '../utils/holding-subject.js';

/** What a {@link Runner} is built from. */
export interface RunnerConfig {
  /**
   * The app to run: its name, root agent, plugins and settings (event compaction). Give either
   * `app` (then no `agent` nor `plugins`: they belong to the App; `appName` may still rename it),
   * or `appName` and `agent`.
   */
  app?: App;
  /** Required without `app`; with one, overrides its name. */
  appName?: string;
  /** The root agent; required without `app`. */
  agent?: BaseAgent;
  sessionService: BaseSessionService;
  artifactService?: BaseArtifactService;
  memoryService?: BaseMemoryService;
  plugins?: BasePlugin[];
  /** Create the session on first use instead of failing with `SessionNotFoundError`. */
  autoCreateSession?: boolean;
  /** Ids of invocations and events. Default: nanoid. */
  idGenerator?: IdGenerator;
  /** Event timestamps (ms). Default: the RxJS scheduler's `now()` (virtual in `TestScheduler.run`). */
  clock?: Clock;
  /**
   * Observes every run span by span, e.g. `openTelemetry()` from `rxadk/telemetry` (see
   * {@link Instrumentation}). None by default: the core then pays nothing for it.
   */
  instrumentation?: Instrumentation;
}

/**
 * One turn: a user message for a session; or, in a resumable app, the resumption of an
 * unfinished invocation (`invocationId`, with or without a new message).
 */
export interface RunAsyncRequest {
  userId: string;
  sessionId: string;
  /** Required unless `invocationId` is given. A function response in it resumes the invocation that holds the call (resumable apps). */
  newMessage?: Content;
  /**
   * Resume this unfinished invocation under its own id (resumable apps only): its agents carry on
   * from their checkpoints; ended sub-agents are not run again; the interrupted step runs again
   * (tools whose calls were left open are executed again: they must be idempotent). A root that
   * had ended completes at once. `InvocationNotFoundError` if the session has no such invocation.
   */
  invocationId?: string;
  /** State changes stored with the user's event. */
  stateDelta?: Record<string, unknown>;
  runConfig?: RunConfig;
}

/**
 * A live conversation (SPEC §18): the session, and what the user sends.
 *
 * @example
 * ```ts
 * const request: RunLiveRequest = { userId: 'u1', sessionId: 's1', liveRequestQueue: new LiveRequestQueue(), runConfig: { responseModalities: ['TEXT'] } };
 * ```
 */
export interface RunLiveRequest {
  userId: string;
  sessionId: string;
  /** What the user sends: a {@link LiveRequestQueue}, or any Observable of requests (subscribed once). */
  liveRequestQueue: LiveRequestQueue | Observable<LiveRequest>;
  runConfig?: RunConfig;
}

/**
 * Drives the event loop of SPEC §6. Each subscription to {@link runAsync} is one invocation:
 *
 * ```
 * load session ─► onUserMessage plugins ─► append user event (not emitted) ─► beforeRun plugins
 *   ─► agent.runAsync(ctx) ─► per event, in arrival order: append ─► onEvent plugins ─► emit ─► emitter resumes
 *   ─► afterRun plugins ─► complete
 * an error anywhere (afterRun included): every onRunError plugin, then the error
 * ```
 *
 * Just before the user event, calls an earlier turn left unanswered (and the new message does not
 * answer) are answered with `{error: 'The call was interrupted before it finished.'}` (whole
 * turns, SPEC §6).
 *
 * In a resumable app (`App.resumability`), `runAsync({invocationId})`, or a function response
 * answering one of its calls, resumes an unfinished invocation under its own id, with no repair:
 *
 * ```
 * load session ─► invocation to resume (InvocationNotFoundError) ─► store the new message, if any
 *   ─► the root ended? complete : root (carries on from its checkpoint) ─► … as above
 * ```
 *
 * Runs on one session are serialised; unsubscribing stops everything and fires the
 * invocation's `abortSignal`.
 *
 * With an `App` that compacts events, the sliding-window compaction a turn made due runs after
 * the caller's Observable completed, while the Runner still holds the session (its queue and the
 * store's lock): the next turn waits for it ({@link whenIdle} tells when it is done).
 *
 * @example
 * ```ts
 * const runner = new Runner({ appName: 'weather', agent, sessionService: new InMemorySessionService(),
 *                             autoCreateSession: true });
 * runner.runAsync({ userId: 'u1', sessionId: 's1', newMessage: { role: 'user', parts: [{ text: 'Hi' }] } })
 *   .subscribe((event) => console.log(event.author, event.content?.parts?.[0]?.text));
 * ```
 */
export class Runner {
  readonly appName: string;
  readonly agent: BaseAgent;
  readonly sessionService: BaseSessionService;
  readonly artifactService: BaseArtifactService | undefined;
  readonly memoryService: BaseMemoryService | undefined;
  readonly pluginManager: PluginManager;
  /** The App this Runner runs, when it was given one. */
  readonly app: App | undefined;
  private readonly eventsCompaction: ActiveEventsCompaction | undefined;
  private readonly autoCreateSession: boolean;
  private readonly idGenerator: IdGenerator;
  private readonly clock: Clock | undefined;
  private readonly instrumentation: Instrumentation | undefined;
  private readonly sessionRuns = new KeyedMutex();
  private readonly resumable: boolean;

  constructor(config: RunnerConfig) {
    const target = runnerTarget(config);
    this.appName = target.appName;
    this.agent = target.agent;
    this.app = config.app;
    this.eventsCompaction = config.app ? activeEventsCompaction(config.app) : undefined;
    this.sessionService = config.sessionService;
    this.artifactService = config.artifactService;
    this.memoryService = config.memoryService;
    this.pluginManager = new PluginManager(target.plugins);
    this.autoCreateSession = config.autoCreateSession ?? false;
    this.idGenerator = config.idGenerator ?? defaultIdGenerator;
    this.clock = config.clock;
    this.instrumentation = config.instrumentation;
    this.resumable = config.app?.resumability?.isResumable === true;
  }

  /** Runs one turn; emits the events the caller should see. Cold. */
  runAsync(request: RunAsyncRequest): Observable<Event> {
    return defer(() => {
      validateRequest(request);
      const key = sessionKey(request);
      const ref = { appName: this.appName, userId: request.userId, sessionId: request.sessionId };
      // leanConcatMap: every event of the turn passes through its projection's subscriber
      const invocation = this.sessionService.getSessionForRun(ref).pipe(
        leanConcatMap((session) => (session ? this.runInvocation(session, request) : this.createSessionAndRun(ref, request))),
      );
      const queued = this.sessionRuns.run(key, this.sessionService.withSessionLock(ref, invocation));
      return this.eventsCompaction ? queued.pipe(completeAtTurnEnd()) : (queued as Observable<Event>);
    });
  }

  /**
   * A live, bidirectional conversation (SPEC §18) with the agent the session is with (the root,
   * or the agent an earlier turn transferred to; it must be an LLM agent on a model that supports
   * live, e.g. a Gemini Live model). Cold: subscribing opens the model connection; what the
   * `liveRequestQueue` holds goes out once it is up. Events come as they happen: partial text and
   * transcriptions, whole text, transcriptions once finished, tool calls and responses (tools run
   * while the conversation goes on), `turnComplete` and `interrupted` reports. Stored: finished
   * transcriptions (the user's as `user`), the user's text, tool calls and responses, whole text;
   * not stored: partials, reports, and model audio (unless `runConfig.saveLiveBlob`). A dropped
   * connection with a resumption handle reconnects transparently. It completes once the queue is
   * closed; unsubscribing closes the model connection and everything running under it.
   *
   * Unlike {@link runAsync}, a live conversation does not wait for other turns on the session.
   *
   * @example
   * ```ts
   * const queue = new LiveRequestQueue();
   * runner.runLive({ userId: 'u1', sessionId: 's1', liveRequestQueue: queue, runConfig: { responseModalities: ['TEXT'] } })
   *   .subscribe((event) => console.log(event.author, event.partial, event.content?.parts?.[0]?.text));
   * queue.sendContent({ role: 'user', parts: [{ text: 'Hello' }] });
   * ```
   */
  runLive(request: RunLiveRequest): Observable<Event> {
    return defer(() => {
      validateLiveRequest(request);
      const ref = { appName: this.appName, userId: request.userId, sessionId: request.sessionId };
      const session$ = this.sessionService.getSessionForRun(ref).pipe(
        concatMap((session) => (session ? of(session) : this.autoCreateSession ? this.sessionService.createSession(ref) : throwError(() => new SessionNotFoundError(ref)))),
      );
      return session$.pipe(concatMap((session) => this.runLiveInvocation(session, request)));
    });
  }

  /**
   * What an invocation's context is built from: its services, agent, plugins and clocks, and for a
   * turn (not a live conversation) its user content, instrumentation, compaction and resumability.
   * One literal with every key (no spread before an added key: V8's slow path, microseconds per turn).
   */
  private contextOptions(
    session: Session,
    invocationId: string,
    runConfig: RunConfig | undefined,
    commitBarrier: CommitBarrier,
    abortController: LazyAbortController,
    turn: { userContent: Content | undefined } | undefined,
  ): InvocationContextInit {
    return {
      session,
      sessionService: this.sessionService,
      artifactService: this.artifactService,
      memoryService: this.memoryService,
      agent: this.agent,
      invocationId,
      userContent: turn?.userContent,
      runConfig: runConfig ?? {},
      pluginManager: this.pluginManager,
      commitBarrier,
      idGenerator: this.idGenerator,
      clock: this.clock,
      abortController,
      instrumentation: turn ? this.instrumentation : undefined,
      eventsCompaction: turn ? this.eventsCompaction : undefined,
      resumable: turn ? this.resumable : false,
    };
  }

  private runLiveInvocation(session: Session, request: RunLiveRequest): Observable<Event> {
    const barrier = new CommitBarrier();
    const abortController = new LazyAbortController();
    const ctx = new InvocationContext(this.contextOptions(session, `e-${this.idGenerator()}`, request.runConfig, barrier, abortController, undefined));
    const agent = selectAgentForTurn(this.agent, session);
    if (!isFlowAgent(agent)) return throwError(() => new AgentConfigError(`Agent "${agent.name}" cannot run live: only LLM agents can.`, { agentName: agent.name }));
    return heldRequests(request.liveRequestQueue, (requests) => runLiveAgent(ctx, agent, requests)).pipe(
      commitEvents(ctx, barrier, isStoredLiveEvent),
      abortOnTeardown(abortController),
    );
  }

  /**
   * Emits once (then completes) when nothing runs on the session in this Runner any more: no turn,
   * and no compaction a turn left running after the caller had its events. A turn started later
   * is not waited for.
   *
   * @example
   * ```ts
   * runner.whenIdle({ userId: 'u1', sessionId: 's1' }).subscribe(() => console.log('compacted, if due'));
   * ```
   */
  whenIdle(ref: { userId: string; sessionId: string }): Observable<void> {
    return defer(() => concat(this.sessionRuns.run(sessionKey(ref), EMPTY), of(undefined)));
  }

  /** Closes the plugins. */
  close(): Observable<void> {
    return concat(this.pluginManager.close(), of(undefined));
  }

  /** A missing session: created first with `autoCreateSession`, else `SessionNotFoundError`. */
  private createSessionAndRun(ref: SessionRef, request: RunAsyncRequest): Observable<Event | TurnEnd> {
    if (!this.autoCreateSession) return throwError(() => new SessionNotFoundError(ref));
    return this.sessionService.createSession(ref).pipe(concatMap((session) => this.runInvocation(session, request)));
  }

  /** One invocation, new or resumed; with event compaction, followed off the caller's path by the compaction it made due. */
  private runInvocation(session: Session, request: RunAsyncRequest): Observable<Event | TurnEnd> {
    const resumed = invocationToResume(session, request, this.resumable);
    const barrier = new CommitBarrier();
    const abortController = new LazyAbortController();
    const invocationId = resumed?.invocationId ?? `e-${this.idGenerator()}`;
    const userContent = resumed?.userContent ?? request.newMessage;
    const ctx = new InvocationContext(this.contextOptions(session, invocationId, request.runConfig, barrier, abortController, { userContent }));
    const turn = instrumentedInvocation(ctx, (ctx) => {
      const received = resumed && !resumed.repairs ? this.receiveResumeMessage(ctx, request, resumed) : this.receiveUserMessage(ctx, request, resumed?.userContent ?? request.newMessage!, barrier);
      const ran = this.beforeRunOrAgent(ctx, barrier, resumed !== undefined);
      // no afterRun plugin (the set is fixed): nothing to defer after the agent
      const run = this.pluginManager.implements('afterRunCallback') ? leanConcat(received, ran, defer(() => this.pluginManager.runAll('afterRunCallback', ctx))) : leanConcat(received, ran);
      return run.pipe(catchError((error: unknown) => this.reportRunError(ctx, toError(error))));
    }).pipe(abortOnTeardown(abortController));
    return this.eventsCompaction ? turn.pipe(compactAfterTurn(this.eventsCompaction, session, this.sessionService)) : turn;
  }

  /**
   * onUserMessage plugins; then the calls an earlier turn left open are answered (repair on read,
   * SPEC §6; an answer in the new message counts), so that the model sees each answer right after
   * its call and the new message after them; then the user event is appended (not emitted).
   */
  private receiveUserMessage(ctx: InvocationContext, request: RunAsyncRequest, newMessage: Content, barrier: CommitBarrier | undefined): Observable<Event> {
    const onUserMessage = this.pluginManager.chain('onUserMessageCallback');
    const receive = (message: Content) => this.storeUserMessage(ctx, request, barrier, message);
    // called when the turn is subscribed, and subscribed first (nothing runs before it): no defer
    if (!onUserMessage.registered) return receive(newMessage);
    return onUserMessage.orElse([ctx, newMessage], () => of(newMessage)).pipe(concatMap(receive));
  }

  /**
   * Repair on read (the answers to the calls earlier turns left open are committed; not when
   * resuming, `barrier` undefined: the resumed invocation answers its own calls), then the user
   * event is appended (on the branch of the calls it answers, {@link answeredCallBranch}).
   */
  private storeUserMessage(ctx: InvocationContext, request: RunAsyncRequest, barrier: CommitBarrier | undefined, message: Content): Observable<Event> {
    ctx.setUserContent(message);
    const branch = answeredCallBranch(ctx.session.events, message);
    const userEvent = ctx.createEvent({ author: 'user', ...(branch !== undefined ? { branch } : {}), content: message, actions: { stateDelta: { ...request.stateDelta } } });
    const repairs = barrier ? interruptedCallResponses(ctx, message) : [];
    const store = storedSilently(this.sessionService, ctx.session, userEvent);
    return repairs.length ? leanConcat(from(repairs).pipe(commitEvents(ctx, barrier!)), store) : store;
  }

  /**
   * A resumed invocation's message: stored when it is new to the invocation (a function response,
   * or the first user message), with no repair; else only a `stateDelta` is stored, on a
   * content-less user event (ADK).
   */
  private receiveResumeMessage(ctx: InvocationContext, request: RunAsyncRequest, resumed: InvocationToResume): Observable<Event> {
    if (resumed.storeNewMessage) return this.receiveUserMessage(ctx, request, resumed.userContent, undefined);
    if (!request.stateDelta || !Object.keys(request.stateDelta).length) return EMPTY;
    const deltaEvent = ctx.createEvent({ author: 'user', actions: { stateDelta: { ...request.stateDelta } } });
    return defer(() => this.sessionService.appendEvent(ctx.session, deltaEvent).pipe(ignoreElements()));
  }

  /** A beforeRun plugin's Content is the only event (author `model`, not stored); else the agent runs. */
  private beforeRunOrAgent(ctx: InvocationContext, barrier: CommitBarrier, resumed: boolean): Observable<Event> {
    return this.pluginManager
      .chain('beforeRunCallback')
      .map((content): Event => ctx.createEvent({ author: 'model', content }))
      .orElse([ctx], () => this.runAgent(ctx, barrier, resumed));
  }

  /**
   * The agent of the turn (§9.4). Resumed: nothing if the root had ended; the root if it has a
   * checkpoint (it carries on from there); else the agent the turn goes to, as for a new one. A
   * root that runs nodes as tools stamps its events with its node path ({@link nodeHostEvents}).
   */
  private runAgent(ctx: InvocationContext, barrier: CommitBarrier, resumed: boolean): Observable<Event> {
    return defer(() => {
      const { states, ended } = resumed ? ctx.agentStates() : NO_AGENT_STATES;
      if (ended.has(this.agent.name)) return EMPTY;
      const agent = states.has(this.agent.name) ? this.agent : selectAgentForTurn(this.agent, ctx.session);
      const events = agent.runAsync(ctx);
      const asNodeHost = nodeHostEvents(this.agent);
      return (asNodeHost ? events.pipe(asNodeHost) : events).pipe(commitEvents(ctx, barrier));
    });
  }

  /**
   * Every plugin's `onRunErrorCallback` sees the error (one failing does not stop the others);
   * then the caller gets it. If any of them failed too, the caller gets an `AggregateError` of
   * the original error and theirs, so the original is never lost.
   */
  private reportRunError(ctx: InvocationContext, error: Error): Observable<never> {
    return this.pluginManager.runAllSettled('onRunErrorCallback', ctx, error).pipe(
      concatMap((failures) =>
        throwError(() =>
          failures.length
            ? new AggregateError([error, ...failures], `${error.message} (and ${failures.length} onRunErrorCallback failed: ${failures.map((f) => f.message).join('; ')})`, { cause: error })
            : error,
        ),
      ),
    );
  }
}

/**
 * The requests, held while no connection listens (before the first, between reconnections): a
 * queue holds them itself; any other Observable is subscribed once, into a {@link HoldingSubject},
 * for as long as the conversation runs.
 */
function heldRequests(source: LiveRequestQueue | Observable<LiveRequest>, run: (requests: Observable<LiveRequest>) => Observable<Event>): Observable<Event> {
  if (!(source instanceof Observable)) return run(source.asObservable());
  return using(
    () => {
      const held = new HoldingSubject<LiveRequest>();
      return Object.assign(source.subscribe(held), { held });
    },
    (resource) => run((resource as Subscription & { held: HoldingSubject<LiveRequest> }).held.observable),
  );
}

/** The Runner's queue key of a session: length-prefixed, so one key per (user, session). */
function sessionKey(ref: { userId: string; sessionId: string }): string {
  return `${ref.userId.length}:${ref.userId}/${ref.sessionId}`;
}

function validateLiveRequest(request: RunLiveRequest): void {
  if (!request || typeof request.userId !== 'string' || !request.userId) throw new InvalidRequestError('runLive needs a userId (a non-empty string).');
  if (typeof request.sessionId !== 'string' || !request.sessionId) throw new InvalidRequestError('runLive needs a sessionId (a non-empty string).');
  if (!request.liveRequestQueue || typeof (request.liveRequestQueue as { subscribe?: unknown; asObservable?: unknown }).subscribe !== 'function' && typeof (request.liveRequestQueue as { asObservable?: unknown }).asObservable !== 'function') {
    throw new InvalidRequestError('runLive needs a liveRequestQueue (a LiveRequestQueue, or an Observable of LiveRequest).');
  }
}

function validateRequest(request: RunAsyncRequest): void {
  if (!request || typeof request.userId !== 'string' || !request.userId) {
    throw new InvalidRequestError('runAsync needs a userId (a non-empty string).');
  }
  if (typeof request.sessionId !== 'string' || !request.sessionId) {
    throw new InvalidRequestError('runAsync needs a sessionId (a non-empty string).');
  }
  if (request.invocationId !== undefined && (typeof request.invocationId !== 'string' || !request.invocationId)) {
    throw new InvalidRequestError('runAsync got an invocationId that is not a non-empty string.');
  }
  if (request.invocationId !== undefined && request.newMessage === undefined) return;
  if (!request.newMessage || !Array.isArray(request.newMessage.parts) || request.newMessage.parts.length === 0) {
    throw new InvalidRequestError(
      "runAsync needs a newMessage with at least one part, e.g. { role: 'user', parts: [{ text: 'Hello' }] }.",
    );
  }
}

