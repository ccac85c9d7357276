import type { Content } from '@google/genai';
import { BehaviorSubject, distinctUntilChanged, EMPTY, map, type Observable, observeOn, queueScheduler, scan, startWith, Subject } from 'rxjs';
import type { RunConfig } from '../context/run-config.js';
import { createConfirmationResponse, type ConfirmationRequest } from '../events/confirmation-requests.js';
import type { Runner } from '../runner/runner.js';
import { conversationActions } from './conversation-actions.js';
import { ConversationClosedError } from './conversation-closed-error.js';
import { CANCEL_COMMAND, CLOSE_COMMAND, type ConversationCommand, sendCommand } from './conversation-command.js';
import { conversationHistory } from './conversation-history.js';
import { conversationReducer, INITIAL_CONVERSATION_MODEL } from './conversation-reducer.js';
import { type ConversationState, IDLE_CONVERSATION } from './conversation-state.js';
import { conversationTurn } from './conversation-turn.js';
import type { TranscriptEntry } from './transcript.js';
import { userMessage } from './user-message.js';

// Importable from here too, as before the split.
export { ConversationClosedError } from './conversation-closed-error.js';
export type { ConversationState, TurnOutcome } from './conversation-state.js';

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
 * Inside, one stream: the methods put commands on a Subject; `conversationActions` turns them into
 * actions (the history, then `concatTurns` of the sends, a cancel, a close); `observeOn(queueScheduler)`
 * keeps the actions in order when a subscriber sends from inside its callback; `scan` folds them
 * with the pure `conversationReducer`; the `BehaviorSubject` holds the result.
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

  private readonly commands = new Subject<ConversationCommand>();
  private readonly store = new BehaviorSubject<ConversationState>(IDLE_CONVERSATION);

  constructor(options: ConversationOptions) {
    const { runner, userId, sessionId, runConfig } = options;
    const request = runConfig ? { userId, sessionId, runConfig } : { userId, sessionId };
    const history$ = options.loadHistory === false ? EMPTY : conversationHistory(runner, { userId, sessionId });
    this.state$ = this.store.asObservable();
    this.messages$ = select(this.state$, (state) => state.messages);
    this.pending$ = select(this.state$, (state) => state.pending);
    this.busy$ = select(this.state$, (state) => state.busy);
    this.commands
      .pipe(
        conversationActions(history$, (send) => conversationTurn(runner, request, send)),
        // a trampoline: an action caused while the store is publishing (a subscriber sends,
        // cancels or confirms) waits until every subscriber has the state before it
        observeOn(queueScheduler),
        scan(conversationReducer, INITIAL_CONVERSATION_MODEL),
        startWith(INITIAL_CONVERSATION_MODEL), // the store's own first value: never published twice
        map((model) => model.state),
        distinctUntilChanged(),
      )
      .subscribe(this.store); // completes it at close()
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
    // the command stream has no listener once close() has ended it
    if (!this.commands.observed) throw new ConversationClosedError();
    this.commands.next(sendCommand(typeof message === 'string' ? userMessage(message) : message));
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
    this.commands.next(CANCEL_COMMAND);
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
    this.commands.next(CLOSE_COMMAND);
  }
}

/** One field of the state, each change once. */
function select<T>(state$: Observable<ConversationState>, project: (state: ConversationState) => T): Observable<T> {
  return state$.pipe(map(project), distinctUntilChanged());
}
