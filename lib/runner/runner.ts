import type { Content } from '@google/genai';
import {
  catchError,
  concat,
  concatMap,
  defer,
  from,
  ignoreElements,
  type Observable,
  of,
  throwError,
} from 'rxjs';
import { leanConcat } from '../operators/lean-concat.js';
import type { BaseAgent } from '../agents/base-agent.js';
import type { BaseArtifactService } from '../artifacts/base-artifact-service.js';
import { CommitBarrier } from '../context/commit-barrier.js';
import { LazyAbortController } from '../utils/lazy-abort-controller.js';
import { instrumentedInvocation } from '../context/instrumented.js';
import { type Instrumentation, InvocationContext } from '../context/invocation-context.js';
import type { RunConfig } from '../context/run-config.js';
import type { Event } from '../events/event.js';
import type { BaseMemoryService } from '../memory/base-memory-service.js';
import { abortOnTeardown } from '../operators/abort-on-teardown.js';
import type { BasePlugin } from '../plugins/base-plugin.js';
import { PluginManager } from '../plugins/plugin-manager.js';
import type { BaseSessionService, SessionRef } from '../sessions/base-session-service.js';
import type { Session } from '../sessions/session.js';
import type { Clock } from '../utils/clock.js';
import { InvalidRequestError, SessionNotFoundError, toError } from '../utils/errors.js';
import { defaultIdGenerator, type IdGenerator } from '../utils/ids.js';
import { KeyedMutex } from '../utils/keyed-mutex.js';
import { commitEvents } from './commit-events.js';
import { interruptedCallResponses } from './interrupted-call-responses.js';
import { selectAgentForTurn } from './select-agent-for-turn.js';

/** What a {@link Runner} is built from. */
export interface RunnerConfig {
  appName: string;
  agent: BaseAgent;
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

/** One turn: a user message for a session. */
export interface RunAsyncRequest {
  userId: string;
  sessionId: string;
  newMessage: Content;
  /** State changes stored with the user's event. */
  stateDelta?: Record<string, unknown>;
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
 * ```
 * ```
 *
 * Runs on one session are serialised; unsubscribing stops everything and fires the
 * invocation's `abortSignal`.
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
  private readonly autoCreateSession: boolean;
  private readonly idGenerator: IdGenerator;
  private readonly clock: Clock | undefined;
  private readonly instrumentation: Instrumentation | undefined;
  private readonly sessionRuns = new KeyedMutex();

  constructor(config: RunnerConfig) {
    this.appName = config.appName;
    this.agent = config.agent;
    this.sessionService = config.sessionService;
    this.artifactService = config.artifactService;
    this.memoryService = config.memoryService;
    this.pluginManager = new PluginManager(config.plugins ?? []);
    this.autoCreateSession = config.autoCreateSession ?? false;
    this.idGenerator = config.idGenerator ?? defaultIdGenerator;
    this.clock = config.clock;
    this.instrumentation = config.instrumentation;
  }

  /** Runs one turn; emits the events the caller should see. Cold. */
  runAsync(request: RunAsyncRequest): Observable<Event> {
    return defer(() => {
      validateRequest(request);
      const key = `${request.userId.length}:${request.userId}/${request.sessionId}`; // length-prefixed: one key per (user, session)
      const ref = { appName: this.appName, userId: request.userId, sessionId: request.sessionId };
      const invocation = this.sessionService.getSessionForRun(ref).pipe(
        concatMap((session) => (session ? this.runInvocation(session, request) : this.createSessionAndRun(ref, request))),
      );
      return this.sessionRuns.run(key, this.sessionService.withSessionLock(ref, invocation));
    });
  }

  /** Closes the plugins. */
  close(): Observable<void> {
    return concat(this.pluginManager.close(), of(undefined));
  }

  /** A missing session: created first with `autoCreateSession`, else `SessionNotFoundError`. */
  private createSessionAndRun(ref: SessionRef, request: RunAsyncRequest): Observable<Event> {
    if (!this.autoCreateSession) return throwError(() => new SessionNotFoundError(ref));
    return this.sessionService.createSession(ref).pipe(concatMap((session) => this.runInvocation(session, request)));
  }

  private runInvocation(session: Session, request: RunAsyncRequest): Observable<Event> {
    const barrier = new CommitBarrier();
    const abortController = new LazyAbortController();
    const ctx = new InvocationContext({
      session,
      sessionService: this.sessionService,
      artifactService: this.artifactService,
      memoryService: this.memoryService,
      agent: this.agent,
      invocationId: `e-${this.idGenerator()}`,
      userContent: request.newMessage,
      runConfig: request.runConfig ?? {},
      pluginManager: this.pluginManager,
      commitBarrier: barrier,
      idGenerator: this.idGenerator,
      ...(this.clock ? { clock: this.clock } : {}),
      abortController,
      ...(this.instrumentation ? { instrumentation: this.instrumentation } : {}),
    });
    return instrumentedInvocation(ctx, (ctx) =>
      leanConcat(
        this.receiveUserMessage(ctx, request, barrier),
        this.beforeRunOrAgent(ctx, barrier),
        defer(() => this.pluginManager.runAll('afterRunCallback', ctx)),
      ).pipe(catchError((error: unknown) => this.reportRunError(ctx, toError(error)))),
    ).pipe(abortOnTeardown(abortController));
  }

  /**
   * onUserMessage plugins; then the calls an earlier turn left open are answered (repair on read,
   * SPEC §6; an answer in the new message counts), so that the model sees each answer right after
   * its call and the new message after them; then the user event is appended (not emitted).
   */
  private receiveUserMessage(ctx: InvocationContext, request: RunAsyncRequest, barrier: CommitBarrier): Observable<Event> {
    const onUserMessage = this.pluginManager.chain('onUserMessageCallback');
    const receive = (message: Content) => this.storeUserMessage(ctx, request, barrier, message);
    if (!onUserMessage.registered) return defer(() => receive(request.newMessage));
    return onUserMessage.orElse([ctx, request.newMessage], () => of(request.newMessage)).pipe(concatMap(receive));
  }

  /** Repair on read (the answers to the calls earlier turns left open are committed), then the user event is appended. */
  private storeUserMessage(ctx: InvocationContext, request: RunAsyncRequest, barrier: CommitBarrier, message: Content): Observable<Event> {
    ctx.setUserContent(message);
    const userEvent = ctx.createEvent({ author: 'user', content: message, actions: { stateDelta: { ...request.stateDelta } } });
    const repairs = interruptedCallResponses(ctx, message);
    const store = this.sessionService.appendEvent(ctx.session, userEvent).pipe(ignoreElements());
    return repairs.length ? leanConcat(from(repairs).pipe(commitEvents(ctx, barrier)), store) : store;
  }

  /** A beforeRun plugin's Content is the only event (author `model`, not stored); else the agent runs. */
  private beforeRunOrAgent(ctx: InvocationContext, barrier: CommitBarrier): Observable<Event> {
    return this.pluginManager
      .chain('beforeRunCallback')
      .map((content): Event => ctx.createEvent({ author: 'model', content }))
      .orElse([ctx], () => this.runAgent(ctx, barrier));
  }

  private runAgent(ctx: InvocationContext, barrier: CommitBarrier): Observable<Event> {
    return defer(() => {
      const agent = selectAgentForTurn(this.agent, ctx.session);
      return agent.runAsync(ctx).pipe(commitEvents(ctx, barrier));
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

function validateRequest(request: RunAsyncRequest): void {
  if (!request || typeof request.userId !== 'string' || !request.userId) {
    throw new InvalidRequestError('runAsync needs a userId (a non-empty string).');
  }
  if (typeof request.sessionId !== 'string' || !request.sessionId) {
    throw new InvalidRequestError('runAsync needs a sessionId (a non-empty string).');
  }
  if (!request.newMessage || !Array.isArray(request.newMessage.parts) || request.newMessage.parts.length === 0) {
    throw new InvalidRequestError(
      "runAsync needs a newMessage with at least one part, e.g. { role: 'user', parts: [{ text: 'Hello' }] }.",
    );
  }
}

