import type { Content } from '@google/genai';
import {
  BehaviorSubject,
  concatMap,
  defer,
  EMPTY,
  endWith,
  ignoreElements,
  merge,
  type Observable,
  of,
  retry,
  Subject,
  takeUntil,
  throwError,
} from 'rxjs';
import type { InvocationContext } from '../context/invocation-context.js';
import type { Event } from '../events/event.js';
import type { FlowAgent } from '../flows/flow-agent.js';
import { LiveConnectionClosedError } from '../models/live-connection-closed-error.js';
import type { LiveRequest } from '../models/live-request.js';
import type { LlmRequest } from '../models/llm-request.js';
import { forwardOrMergeMap } from '../operators/forward-or-merge-map.js';
import { countedIds } from '../utils/ids.js';
import { closeCutTurn } from './close-cut-turn.js';
import { emitLiveSteps, type LiveStepOut } from './emit-live-steps.js';
import { liveConnectConfig } from './live-connect-config.js';
import { liveEvent } from './live-event.js';
import { liveItems } from './live-items.js';
import { liveOutgoing } from './live-outgoing.js';
import { liveToolCalls } from './live-tool-calls.js';

/** How many times in a row a live session reconnects with its handle before the error stands. */
export const MAX_LIVE_RECONNECTS = 5;

/**
 * A live conversation of one agent: {@link liveConnection}, reconnected transparently with the
 * latest session resumption handle after `goAway` or a close 1006/1011/1012 (at most
 * {@link MAX_LIVE_RECONNECTS} times in a row: the count resets on every event). Without a handle
 * the `LiveConnectionClosedError` (a `ModelError` naming the close code) ends the run.
 *
 * What a drop does to the turn it cuts (with or without a handle): the text handed on only
 * partial so far is stored whole and `interrupted`, unfinished transcriptions as finished
 * ({@link closeCutTurn}); tools still running are cancelled as by a `toolCallCancellation` (their
 * `abortSignal` fires) and answer neither connection, and calls not handed on yet (no
 * `turnComplete`) are dropped: a resumed Gemini session is at its last handle, which it only
 * issues while no call or generation is under way.
 *
 * ```
 * connection 1: --e--h--e--X          (h = resumption update, X = close 1011)
 * connection 2:             --e--e--| (resumed with h; the history is not sent again)
 * result:       --e--h--e-----e--e--|
 * ```
 *
 * @example
 * ```ts
 * liveConversation(ctx, agent, request, queue.asObservable()).subscribe(render);
 * ```
 */
export function liveConversation(ctx: InvocationContext, agent: FlowAgent, request: LlmRequest, requests: Observable<LiveRequest>): Observable<Event> {
  return defer(() => {
    const handle = new BehaviorSubject<string | undefined>(undefined);
    return defer(() => liveConnection(ctx, agent, request, requests, handle)).pipe(
      retry({
        count: MAX_LIVE_RECONNECTS,
        resetOnSuccess: true,
        delay: (error: unknown) => (isReconnectable(error) && handle.value ? of(0) : throwError(() => error)),
      }),
    );
  });
}

function isReconnectable(error: unknown): boolean {
  return error instanceof LiveConnectionClosedError && error.reconnectable;
}

/**
 * One connection to the agent's model, and what flows over it:
 *
 * ```
 * requests ──► text: stored as the user's event ─┐
 *          └──────────────────────────────────────┴──► model ──► responses ──► events (ctx.emit, in order)
 *                              toolResponse ◄── tools ◄── function calls ◄──┘
 * ```
 *
 * Resumption handles go into `handle`; a `goAway` with a handle fails with a reconnectable
 * `LiveConnectionClosedError` (the caller reconnects), and so does a drop; either comes after the
 * events before it are emitted, and after {@link closeCutTurn} closed the cut turn. When
 * `requests` completes, a close goes out.
 *
 * @example
 * ```ts
 * liveConnection(ctx, agent, request, requests, new BehaviorSubject<string | undefined>(undefined)).subscribe(render);
 * ```
 */
export function liveConnection(
  ctx: InvocationContext,
  agent: FlowAgent,
  request: LlmRequest,
  requests: Observable<LiveRequest>,
  handle: BehaviorSubject<string | undefined>,
): Observable<Event> {
  return defer(() => {
    const toolResponses = new Subject<LiveRequest>();
    const userContents = new Subject<Content>();
    // each toolCallCancellation's ids; completes when the connection's items end
    const cancellations = new Subject<readonly string[]>();
    const outgoing = liveOutgoing(requests, toolResponses, userContents);
    const connectRequest: LlmRequest = { ...request, liveConnectConfig: liveConnectConfig(ctx.runConfig, { hasSubAgents: agent.subAgents.length > 0, ...(handle.value ? { handle: handle.value } : {}) }) };
    const reply = (response: Event): void => toolResponses.next({ content: response.content! });
    // an event stored nowhere (an audio frame's) gets a counted id; under saveLiveBlob audio is stored
    const unstoredId = ctx.runConfig.saveLiveBlob ? ctx.idGenerator : countedIds(ctx.idGenerator);
    const steps = agent.canonicalModel().connect(connectRequest).exchange(outgoing).pipe(
      liveItems(handle, () => goAwayError(ctx, agent), cancellations),
      closeCutTurn(),
      emitLiveSteps(ctx, (response) => liveEvent(ctx, response, request.toolsDict, unstoredId)),
      forwardOrMergeMap(emittedEvent, (step) => ('committedCalls' in step ? liveToolCalls(ctx, agent, step.committedCalls, request.toolsDict, cancellations, reply) : EMPTY)),
    );
    const done = cancellations.pipe(ignoreElements(), endWith(true));
    return merge(userContents.pipe(takeUntil(done), concatMap((content) => ctx.emit(ctx.createEvent({ author: 'user', content })))), steps);
  });
}

function goAwayError(ctx: InvocationContext, agent: FlowAgent): LiveConnectionClosedError {
  return new LiveConnectionClosedError({ model: agent.canonicalModel().model, code: undefined, goAway: true, reason: `goAway (invocation ${ctx.invocationId})` });
}

/** The event a step hands on as it is (`undefined` for committed calls: their tools start). */
function emittedEvent(step: LiveStepOut): Event | undefined {
  return 'committedCalls' in step ? undefined : step;
}
