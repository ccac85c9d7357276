import { concat, connect, endWith, filter, ignoreElements, map, merge, type Observable, type OperatorFunction, share, shareReplay, takeUntil } from 'rxjs';
import { CANCELLED, CLOSED, type ConversationAction, turnSent } from './conversation-action.js';
import { type ConversationCommand, isSendCommand, type SendCommand } from './conversation-command.js';
import type { ConversationSend } from './conversation-turn.js';
import { concatTurns } from './concat-turns.js';

/**
 * A Conversation's commands as the actions its reducer folds:
 *
 * ```
 * history$ ──────────────────────────────────────► history | history-failed
 *                                │ (its end opens the gate)
 * commands ─┬─ send ─► concatTurns(gate, turn) ──► started, event…, ended | failed
 *           │       └────────────────────────────► sent
 *           ├─ cancel ─► (ends the running turn,
 *           │             drops the waiting ones) ► cancelled
 *           └─ close ──► takeUntil: unsubscribes everything above ► closed, then complete
 * ```
 *
 * - `history$` is subscribed at once; turns start after it completes (sends made meanwhile wait).
 * - Turns run one at a time, in the order sent (`concatTurns`). A cancel unsubscribes the running
 *   turn (or the one waiting for the history) and drops the waiting sends.
 * - A send that can start at once gives `started` before `sent` (the turn branch is subscribed
 *   first), so the reducer never shows it as waiting.
 * - `close` unsubscribes the history, the turns and the commands at once, then emits `closed`
 *   and completes.
 *
 * @example
 * ```ts
 * commands.pipe(
 *   conversationActions(conversationHistory(runner, ref), (send) => conversationTurn(runner, request, send)),
 *   scan(conversationReducer, INITIAL_CONVERSATION_MODEL),
 * );
 * ```
 */
export function conversationActions(
  history$: Observable<ConversationAction>,
  turn: (send: ConversationSend) => Observable<ConversationAction>,
): OperatorFunction<ConversationCommand, ConversationAction> {
  return connect((commands) => {
    // one read, shared by the actions and the gate (which replays its end to later turns)
    const history = history$.pipe(shareReplay({ bufferSize: 1, refCount: true }));
    const historyDone = history.pipe(ignoreElements());
    const sends = commands.pipe(filter(isSendCommand), map(toSend), share());
    const cancels = commands.pipe(filter((command) => command.kind === 'cancel'));
    const close = commands.pipe(filter((command) => command.kind === 'close'));
    return merge(
      history,
      sends.pipe(concatTurns((send) => concat(historyDone, turn(send)), cancels)), // before `sent`: see above
      sends.pipe(map((send) => turnSent(send.index))),
      cancels.pipe(map(() => CANCELLED)),
    ).pipe(takeUntil(close), endWith(CLOSED));
  });
}

/** A send command, numbered in the order sent. */
function toSend(command: SendCommand, index: number): ConversationSend {
  return Object.freeze({ message: command.message, index });
}
