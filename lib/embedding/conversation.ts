import type { Content } from '@google/genai';
import { BehaviorSubject, distinctUntilChanged, map, type Observable, Subscription } from 'rxjs';
import type { RunConfig } from '../context/run-config.js';
import { createConfirmationResponse, type ConfirmationRequest } from '../events/confirmation-requests.js';
import { createEvent, type Event } from '../events/event.js';
import type { Runner } from '../runner/runner.js';
import { RxadkError } from '../utils/errors.js';
import { EMPTY_TRANSCRIPT, settleTranscript, type Transcript, type TranscriptEntry, transcriptReducer } from './transcript.js';
import { userMessage } from './user-message.js';

/** What a {@link Conversation} runs on. */
export interface ConversationOptions {
  runner: Runner;
  userId: string;
  sessionId: string;
  /** The run config of every turn, e.g. `{ streamingMode: 'sse' }` to stream answers. */
  runConfig?: RunConfig;
  /** Fold the session's stored events into the transcript first (default true). */
  loadHistory?: boolean;
}

/** How a turn ended. */
export type TurnOutcome = 'done' | 'cancelled' | 'failed';

/** Everything a {@link Conversation} shows: its transcript, whether it is busy, how the last turn ended. */
export interface ConversationState extends Transcript {
  /** A turn is running or queued (or waits for the history to load). */
  readonly busy: boolean;
  /** How the last turn ended; absent before the first one ends. */
  readonly lastTurn?: TurnOutcome;
}

/**
 * The error of a {@link Conversation} used after `close()` (code `CONVERSATION_CLOSED`).
 *
 * @example
 * ```ts
 * conversation.close();
 * conversation.send('hi'); // throws ConversationClosedError
 * ```
 */
export class ConversationClosedError extends RxadkError {
  constructor() {
    super('CONVERSATION_CLOSED', 'This Conversation is closed: create a new one to go on with the session.');
  }
}

const IDLE: ConversationState = Object.freeze({ ...EMPTY_TRANSCRIPT, busy: false });

/**
 * A hot, shared handle on one session of a Runner, for UIs (Angular's `toSignal` and `async`
 * pipe, or any RxJS app). Subscribing never starts anything: only {@link send} and
 * {@link confirm} do.
 *
 * - {@link state$}, {@link messages$}, {@link pending$} and {@link busy$} hold the latest value
 *   and give it at once to every subscriber, early or late (they read one `BehaviorSubject`).
 * - Turns run one at a time, in the order sent; a send while busy waits for the turns before it.
 *   Each turn's user message enters the transcript when the turn starts.
 * - {@link cancel} unsubscribes the running turn (the Runner aborts it: the model call and the
 *   running tools see their abort signal) and drops the queued ones; a `cancelled` entry marks it.
 * - A turn that fails adds an `error` entry; the streams never error, and the next send works.
 * - With `loadHistory` (the default) the session's stored events are folded in first.
 *
 * @example
 * ```ts
 * const chat = new Conversation({ runner, userId: 'u1', sessionId: 's1', runConfig: { streamingMode: 'sse' } });
 * chat.messages$.subscribe(render);           // or: messages = toSignal(chat.messages$, { requireSync: true })
 * chat.send('What is the weather in Paris?');
 * chat.pending$.subscribe(([request]) => request && chat.confirm(request, window.confirm(request.toolConfirmation.hint)));
 * ```
 */
export class Conversation {
  /** The whole state: transcript, pending confirmations, busy, last outcome. */
  readonly state$: Observable<ConversationState>;
  /** The transcript's entries. */
  readonly messages$: Observable<readonly TranscriptEntry[]>;
  /** Confirmation requests waiting for {@link confirm}. */
  readonly pending$: Observable<readonly ConfirmationRequest[]>;
  /** True while a turn runs or waits. */
  readonly busy$: Observable<boolean>;

  private readonly runner: Runner;
  private readonly userId: string;
  private readonly sessionId: string;
  private readonly runConfig: RunConfig | undefined;
  private readonly store = new BehaviorSubject<ConversationState>(IDLE);
  private readonly queue: Content[] = [];
  private readonly updates: Array<(state: ConversationState) => ConversationState> = [];
  private updating = false;
  private turn: Subscription | undefined;
  private turns = 0;
  private historyLoaded = false;
  private readonly history = new Subscription();
  private closed = false;

  constructor(options: ConversationOptions) {
    this.runner = options.runner;
    this.userId = options.userId;
    this.sessionId = options.sessionId;
    this.runConfig = options.runConfig;
    this.state$ = this.store.asObservable();
    this.messages$ = this.select((state) => state.messages);
    this.pending$ = this.select((state) => state.pending);
    this.busy$ = this.select((state) => state.busy);
    if (options.loadHistory === false) this.historyLoaded = true;
    else this.loadHistory();
  }

  /** The current state, without subscribing. */
  get state(): ConversationState {
    return this.store.value;
  }

  /**
   * Queues a turn with a user message (a text, or a `Content` such as {@link userMessage}'s);
   * it starts when the turns before it have ended.
   *
   * @example
   * ```ts
   * chat.send('hello');
   * chat.send(userMessage('Describe this', { inlineData: { mimeType: 'image/png', data } }));
   * ```
   */
  send(message: string | Content): void {
    if (this.closed) throw new ConversationClosedError();
    this.queue.push(typeof message === 'string' ? userMessage(message) : message);
    this.startNext();
    this.update((state) => state); // busy when it waits
  }

  /**
   * Answers a pending confirmation request (a turn like {@link send}'s, carrying
   * `createConfirmationResponse(request, { confirmed, payload })`). The request leaves
   * {@link pending$} when that turn starts.
   *
   * @example
   * ```ts
   * const [request] = chat.state.pending;
   * chat.confirm(request, true, { days: 2 });
   * ```
   */
  confirm(request: Pick<ConfirmationRequest, 'id'>, confirmed: boolean, payload?: unknown): void {
    this.send(createConfirmationResponse(request, payload === undefined ? { confirmed } : { confirmed, payload }));
  }

  /**
   * Cancels the running turn by unsubscribing it (the Runner aborts the invocation, so the model
   * call and running tools see their abort signal) and drops the queued turns. Streamed text
   * stops where it was, running tool calls become `cancelled`, and a `cancelled` entry is added.
   * Nothing happens when no turn runs.
   *
   * @example
   * ```ts
   * chat.send('research black holes');
   * chat.cancel(); // busy$ → false; the next send works
   * ```
   */
  cancel(): void {
    this.queue.length = 0;
    const turn = this.turn;
    if (!turn) {
      this.update((state) => state);
      return;
    }
    this.turn = undefined;
    turn.unsubscribe();
    const id = `turn-${this.turns}-cancelled`;
    this.update((state) => {
      const settled = settleTranscript(state);
      return { ...settled, messages: [...settled.messages, { kind: 'cancelled', id }], lastTurn: 'cancelled' };
    });
  }

  /**
   * Ends the conversation: unsubscribes the running turn (no entry is added), drops the queue and
   * completes every stream. For a component's `ngOnDestroy` / `DestroyRef.onDestroy`.
   *
   * @example
   * ```ts
   * inject(DestroyRef).onDestroy(() => chat.close());
   * ```
   */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.queue.length = 0;
    this.history.unsubscribe();
    this.turn?.unsubscribe();
    this.turn = undefined;
    this.update((state) => state);
    this.store.complete();
  }

  private select<T>(project: (state: ConversationState) => T): Observable<T> {
    return this.store.pipe(map(project), distinctUntilChanged());
  }

  private loadHistory(): void {
    const ref = { appName: this.runner.appName, userId: this.userId, sessionId: this.sessionId };
    this.history.add(
      this.runner.sessionService.getSession(ref).subscribe({
        next: (session) => session && this.update((state) => fold(state, session.events)),
        error: (error: unknown) => {
          this.update((state) => withError(state, 'history-error', error));
          this.historyDone();
        },
        complete: () => this.historyDone(),
      }),
    );
  }

  private historyDone(): void {
    this.historyLoaded = true;
    this.update((state) => state);
    this.startNext();
  }

  private startNext(): void {
    if (this.closed || !this.historyLoaded || this.turn || this.queue.length === 0) return;
    const newMessage = this.queue.shift()!;
    const n = ++this.turns;
    const turn = new Subscription();
    this.turn = turn;
    const sent = createEvent({ id: `turn-${n}-user`, author: 'user', content: newMessage });
    this.update((state) => fold(state, [sent]));
    const request = { userId: this.userId, sessionId: this.sessionId, newMessage, ...(this.runConfig ? { runConfig: this.runConfig } : {}) };
    turn.add(
      this.runner.runAsync(request).subscribe({
        next: (event) => this.turn === turn && this.update((state) => fold(state, [event])),
        error: (error: unknown) => this.end(turn, (state) => ({ ...withError(settleTranscript(state), `turn-${n}-error`, error), lastTurn: 'failed' })),
        complete: () => this.end(turn, (state) => ({ ...settleTranscript(state, false), lastTurn: 'done' })),
      }),
    );
  }

  private end(turn: Subscription, settle: (state: ConversationState) => ConversationState): void {
    if (this.turn !== turn) return;
    this.turn = undefined;
    this.update(settle);
    this.startNext();
  }

  /** Applies `change`, then publishes with `busy` recomputed; re-entrant calls queue (a trampoline). */
  private update(change: (state: ConversationState) => ConversationState): void {
    this.updates.push(change);
    if (this.updating) return;
    this.updating = true;
    try {
      while (this.updates.length) {
        const current = this.store.value;
        const changed = this.updates.shift()!(current);
        const busy = !this.closed && (this.turn !== undefined || this.queue.length > 0);
        const next = changed.busy === busy ? changed : { ...changed, busy };
        if (next !== current && !this.store.closed) this.store.next(next);
      }
    } finally {
      this.updating = false;
    }
  }
}

function fold(state: ConversationState, events: readonly Event[]): ConversationState {
  let transcript: Transcript = { messages: state.messages, pending: state.pending };
  for (const event of events) transcript = transcriptReducer(transcript, event);
  return transcript.messages === state.messages && transcript.pending === state.pending ? state : { ...state, ...transcript };
}

function withError(state: ConversationState, id: string, error: unknown): ConversationState {
  const code = typeof (error as { code?: unknown } | undefined)?.code === 'string' ? (error as { code: string }).code : undefined;
  const message = error instanceof Error ? error.message : String(error);
  return { ...state, messages: [...state.messages, { kind: 'error', id, author: 'rxadk', ...(code ? { code } : {}), message }] };
}
