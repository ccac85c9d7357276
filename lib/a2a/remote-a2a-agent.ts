import type { AgentCard, Message, StreamResponse } from '@a2a-js/sdk';
import type { Client } from '@a2a-js/sdk/client';
import { concatMap, defer, from, map, Observable, of, shareReplay } from 'rxjs';
import { BaseAgent, type BaseAgentConfig } from '../agents/base-agent.js';
import type { InvocationContext } from '../context/invocation-context.js';
import type { Event } from '../events/event.js';
import { A2AError } from './a2a-error.js';
import { JSON_RPC_ERRORS } from './json-rpc-error-codes.js';
import { type A2aSdk, loadA2aSdk } from './load-a2a-sdk.js';
import { type CardResolution, checkInterfaces, resolveAgentCard } from './resolve-agent-card.js';
import { remoteResponsesToEvents, type RemoteResponse } from './remote-responses-to-events.js';
import { remoteTurn, type RemoteTurn } from './remote-turn.js';
import { ROLES } from './task-states.js';

/**
 * What a {@link RemoteA2aAgent} is built from.
 *
 * @example
 * ```ts
 * const config: RemoteA2aAgentConfig = { name: 'weather', agentCard: 'http://127.0.0.1:8001/.well-known/agent-card.json' };
 * ```
 */
export interface RemoteA2aAgentConfig extends Omit<BaseAgentConfig, 'subAgents'> {
  /** The card's full http(s) URL (as in ADK Python's samples), or the card itself. */
  agentCard: string | AgentCard;
  /** Stream when the card allows it. Default `true`. */
  streaming?: boolean;
  /** The fetch used for the card and the calls (e.g. one that adds an `Authorization` header). Default: the global `fetch`. */
  httpClient?: typeof fetch;
  /** Card resolution limits: time, size, other origins allowed for its interfaces (see `resolveAgentCard`). */
  cardResolution?: Omit<CardResolution, 'fetch'>;
}

/**
 * An agent that runs on another process or machine, over A2A (v1.0 or v0.3, whichever its card
 * offers), through `@a2a-js/sdk`'s client. A `BaseAgent`: a sub-agent to transfer to, an
 * `AgentTool`, a step of Sequential and Parallel agents and of workflows.
 *
 * Each run sends the user's part of the turn (see `remoteTurn`) in the context of the agent's
 * earlier turns; when the remote task waits for input, the follow-up carries its `taskId`, whether
 * the user answers in text or with a function response. The remote answers become this agent's
 * events (see `remoteResponsesToEvents`): streamed text as partial events, `input-required` as a
 * long-running call the local user answers, `a2a:task_id` and `a2a:context_id` in their
 * `customMetadata`. Unsubscribing from a streaming run aborts the call and sends `CancelTask`.
 * A JSON-RPC error fails the run with an {@link A2AError}; a bad card with an `AgentCardError`.
 *
 * @example
 * ```ts
 * const weather = new RemoteA2aAgent({ name: 'weather', description: 'Weather over A2A', agentCard: 'http://127.0.0.1:8001/.well-known/agent-card.json' });
 * const coordinator = new LlmAgent({ name: 'coordinator', model, subAgents: [weather] });
 * ```
 */
export class RemoteA2aAgent extends BaseAgent {
  private readonly config: RemoteA2aAgentConfig;
  private readonly client$: Observable<{ client: Client; card: AgentCard; sdk: A2aSdk }>;

  constructor(config: RemoteA2aAgentConfig) {
    super(config);
    this.config = config;
    this.client$ = defer(() => this.card()).pipe(
      concatMap((card) =>
        loadA2aSdk().pipe(
          concatMap((sdk) => {
            const factory = new sdk.client.ClientFactory(
              sdk.client.ClientFactoryOptions.createFrom(sdk.client.ClientFactoryOptions.default, {
                transports: [new sdk.client.JsonRpcTransportFactory({ legacyCompat: { enabled: true }, ...(config.httpClient ? { fetchImpl: config.httpClient } : {}) })],
              }),
            );
            return from(factory.createFromAgentCard(card)).pipe(map((client) => ({ client, card, sdk })));
          }),
        ),
      ),
      shareReplay({ bufferSize: 1, refCount: false }),
    );
  }

  protected runAsyncImpl(ctx: InvocationContext): Observable<Event> {
    return this.client$.pipe(
      concatMap(({ client, card }) => {
        const turn = remoteTurn(ctx.session.events, this.name, ctx.invocationId, ctx.userContent?.parts ?? []);
        const streaming = (this.config.streaming ?? true) && card.capabilities?.streaming === true;
        return streaming ? this.stream(client, turn, ctx) : this.send(client, turn, ctx);
      }),
      remoteResponsesToEvents(ctx.idGenerator),
      concatMap((init) => ctx.emit(ctx.createEvent(init))),
    );
  }

  private card(): Observable<AgentCard> {
    const { agentCard, cardResolution, httpClient } = this.config;
    if (typeof agentCard !== 'string') return defer(() => of(checkInterfaces(agentCard, undefined, [])));
    return resolveAgentCard(agentCard, { ...cardResolution, ...(httpClient ? { fetch: httpClient } : {}) });
  }

  /**
   * `SendStreamingMessage`; unsubscribed before its end: `CancelTask` is sent and the call aborted.
   * When the caller leaves before the stream has named its task (the remote agent may already be
   * running), the stream is read on, unseen, until the first event that names it (at most
   * {@link CANCEL_WAIT_MS}), so that the remote task is cancelled all the same.
   */
  private stream(client: Client, turn: RemoteTurn, ctx: InvocationContext): Observable<RemoteResponse> {
    return new Observable<RemoteResponse>((subscriber) => {
      const abort = new AbortController();
      const seen = { taskId: turn.taskId, ended: false, leaving: false };
      const cancel = (taskId: string) => {
        abort.abort();
        client.cancelTask({ id: taskId, tenant: '', metadata: undefined } as never).catch(() => undefined);
      };
      const consume = async (): Promise<void> => {
        for await (const response of client.sendMessageStream(request(turn, ctx), { signal: abort.signal })) {
          const normalized = fromStreamResponse(response);
          if (!normalized) continue;
          seen.taskId ??= taskIdOf(normalized);
          if (seen.leaving) {
            if (seen.taskId) return cancel(seen.taskId);
            continue;
          }
          subscriber.next(normalized);
        }
      };
      consume().then(
        () => {
          seen.ended = true;
          subscriber.complete();
        },
        (error: unknown) => {
          seen.ended = true;
          if (!abort.signal.aborted) subscriber.error(this.a2aError(error));
        },
      );
      return () => {
        if (seen.ended) return;
        if (seen.taskId) return cancel(seen.taskId);
        seen.leaving = true;
        setTimeout(() => abort.abort(), CANCEL_WAIT_MS).unref();
      };
    });
  }

  /** `SendMessage`: one answer, a message or the task as it ended or paused. */
  private send(client: Client, turn: RemoteTurn, ctx: InvocationContext): Observable<RemoteResponse> {
    return new Observable<RemoteResponse>((subscriber) => {
      const abort = new AbortController();
      client.sendMessage(request(turn, ctx), { signal: abort.signal }).then(
        (result) => {
          subscriber.next('messageId' in result ? { kind: 'message', value: result } : { kind: 'task', value: result, final: true });
          subscriber.complete();
        },
        (error: unknown) => {
          if (!abort.signal.aborted) subscriber.error(this.a2aError(error));
        },
      );
      return () => abort.abort();
    });
  }

  private a2aError(error: unknown): A2AError {
    // the SDK's JSON-RPC errors carry the wire code as `envelopeCode` (TaskNotFoundError: -32001); others as `code`
    const { code, envelopeCode } = (error ?? {}) as { code?: unknown; envelopeCode?: unknown };
    const rpcCode = typeof envelopeCode === 'number' ? envelopeCode : typeof code === 'number' ? code : JSON_RPC_ERRORS.internalError;
    return new A2AError({
      agentName: this.name,
      rpcCode,
      message: error instanceof Error ? error.message : String(error),
      cause: error,
    });
  }
}

function request(turn: RemoteTurn, ctx: InvocationContext): never {
  const message: Message = {
    messageId: ctx.idGenerator(),
    contextId: turn.contextId ?? '',
    taskId: turn.taskId ?? '',
    role: ROLES.user,
    parts: turn.parts,
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
  };
  return { tenant: '', message, configuration: undefined, metadata: undefined } as never;
}

/** How long a left stream is read on for its task id, so that its task can be cancelled. */
const CANCEL_WAIT_MS = 10_000;

/** The task an event of the stream belongs to (a message may belong to none). */
function taskIdOf(response: RemoteResponse): string | undefined {
  const id = response.kind === 'task' ? response.value.id : response.kind === 'message' ? response.value.taskId : response.value.taskId;
  return id || undefined;
}

function fromStreamResponse(response: StreamResponse): RemoteResponse | undefined {
  const payload = response.payload;
  switch (payload?.$case) {
    case 'task':
      return { kind: 'task', value: payload.value, final: false };
    case 'message':
      return { kind: 'message', value: payload.value };
    case 'statusUpdate':
      return { kind: 'statusUpdate', value: payload.value };
    case 'artifactUpdate':
      return { kind: 'artifactUpdate', value: payload.value };
    default:
      return undefined;
  }
}
