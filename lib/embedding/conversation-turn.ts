import type { Content } from '@google/genai';
import { catchError, concat, defer, endWith, map, type Observable, observeOn, of, queueScheduler } from 'rxjs';
import type { Runner, RunAsyncRequest } from '../runner/runner.js';
import { type ConversationAction, TURN_ENDED, turnEvent, turnFailed, turnStarted } from './conversation-action.js';

/** One send of a Conversation: its message and its number (from 0, in the order sent). */
export interface ConversationSend {
  readonly message: Content;
  readonly index: number;
}

/** The parts of a turn's request that every turn of a Conversation shares. */
export type ConversationTurnRequest = Omit<RunAsyncRequest, 'newMessage'>;

/**
 * One turn of a Conversation, as actions: `started` (its message enters the transcript), then one
 * `event` per event of `runner.runAsync(...)`, then `ended` — or `failed` when the run errors
 * (the returned Observable never errors). Cold: each subscription runs the turn; unsubscribing
 * aborts it.
 *
 * The run's notifications are handled on the `queueScheduler` (at once, unless a queued step is
 * running): so `ended` or `failed`, when the Conversation's trampoline defers it, reaches its
 * subscribers after this Observable has completed, and a subscriber that sends when it hears the
 * end finds no turn running (its turn starts at once, as if sent a moment later).
 *
 * ```
 * runAsync:  --e--f|        --e--#
 * turn:     s--e--f(n|)    s--e--(x|)     s started, n ended, x failed
 * ```
 *
 * @example
 * ```ts
 * conversationTurn(runner, { userId: 'u1', sessionId: 's1' }, { message: userMessage('hi'), index: 0 }).subscribe(dispatch);
 * ```
 */
export function conversationTurn(runner: Runner, request: ConversationTurnRequest, send: ConversationSend): Observable<ConversationAction> {
  return concat(
    of(turnStarted(send.index, send.message)),
    defer(() => runner.runAsync({ ...request, newMessage: send.message })).pipe(
      observeOn(queueScheduler), // the run's end: `ended` (or `failed`) and the completion, in one step
      map(turnEvent),
      endWith(TURN_ENDED),
      catchError((error: unknown) => of(turnFailed(error))),
    ),
  );
}
