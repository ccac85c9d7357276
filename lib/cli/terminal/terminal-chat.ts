import type { Part } from '@google/genai';
import {
  BehaviorSubject,
  concat,
  defer,
  EMPTY,
  endWith,
  filter,
  finalize,
  ignoreElements,
  map,
  merge,
  mergeScan,
  type Observable,
  of,
  takeWhile,
  tap,
  withLatestFrom,
} from 'rxjs';
import type { RunConfig } from '../../context/run-config.js';
import { type ConfirmationRequest, createConfirmationResponse } from '../../events/confirmation-requests.js';
import type { Runner } from '../../runner/runner.js';
import { confirmationQuestion, parseYesNo } from './confirmation-question.js';
import { formatSessionEvents, formatSessionState } from './session-report.js';
import type { TerminalIo } from './terminal-io.js';
import { terminalStyle } from './terminal-style.js';
import { terminalTurn, type TerminalTurnContext } from './terminal-turn.js';

/** What {@link terminalChat} needs. */
export interface TerminalChatOptions {
  runner: Runner;
  userId: string;
  /** An existing session of `runner.appName` and `userId`. */
  sessionId: string;
  io: TerminalIo;
  /** Default `{ streamingMode: 'sse' }`: the model's text is printed as it streams. */
  runConfig?: RunConfig;
}

/** Where the chat stands between two lines. */
export interface ChatState {
  /** Confirmation requests still waiting for a y/n, first one asked. */
  pending: readonly ConfirmationRequest[];
  /** The answers given so far; sent together, as one message, once every request is answered. */
  answers: readonly Part[];
}

/** The chat's commands, as `/help` prints them. */
export const CHAT_HELP = `Commands:
  /state    the session's state
  /events   the session's events, one line each
  /help     this list
  /exit     quit (also Ctrl+D; Ctrl+C cancels a running turn, or quits when idle)
`;

const IDLE: ChatState = { pending: [], answers: [] };
const EXIT = '/exit';

interface Chat extends TerminalTurnContext {
  busy: BehaviorSubject<boolean>;
}

/**
 * The terminal chat loop as one Observable: lines from `io.lines` are taken one at a time
 * (`mergeScan` with concurrency 1, the others wait), each a step from one {@link ChatState} to
 * the next:
 *
 * ```
 * line ─► waiting for y/n? ─► answer ─► all answered? ─► turn(createConfirmationResponse…)
 *      ─► /state | /events | /help        (printed from the session)
 *      ─► text ─► turn(user message) ─► confirmation requests? ─► ask "Approve …? [y/n]"
 * ```
 *
 * A turn streams the model's text and prints tool calls and results as they happen
 * (`terminalTurn`). The loop ends at `/exit`, at the end of the input (piped stdin, Ctrl+D) or at
 * Ctrl+C while idle; queued lines are still handled first.
 *
 * @example
 * ```ts
 * const runner = new InMemoryRunner({ agent, autoCreateSession: true });
 * terminalChat({ runner, userId: 'user', sessionId: 's1', io: terminalIo() }).subscribe();
 * ```
 */
export function terminalChat(options: TerminalChatOptions): Observable<ChatState> {
  return defer(() => {
    const chat: Chat = {
      ...options,
      runConfig: options.runConfig ?? { streamingMode: 'sse' },
      style: terminalStyle(options.io.colors),
      busy: new BehaviorSubject(false),
    };
    promptFor(chat, IDLE);
    const idleInterrupts = chat.io.interrupts.pipe(
      withLatestFrom(chat.busy),
      filter(([, busy]) => !busy),
      map(() => EXIT),
    );
    const loop = merge(chat.io.lines.pipe(endWith(EXIT)), idleInterrupts).pipe(
      takeWhile((line) => !isExit(line)),
      mergeScan((state: ChatState, line: string) => step(chat, state, line), IDLE, 1),
    );
    return concat(loop, defer(() => (chat.io.write('\n'), EMPTY)));
  });
}

function isExit(line: string): boolean {
  const command = line.trim();
  return command === EXIT || command === '/quit';
}

/** One line: a y/n answer, a command or a message; then the next prompt. */
function step(chat: Chat, state: ChatState, line: string): Observable<ChatState> {
  if (!chat.io.interactive) chat.io.write(`${line}\n`);
  const text = line.trim();
  const next =
    state.pending.length > 0 ? answer(chat, state, text)
    : text === '' ? of(state)
    : text.startsWith('/') ? command(chat, text).pipe(endWith(state))
    : turn(chat, { role: 'user', parts: [{ text }] });
  return next.pipe(tap((nextState) => promptFor(chat, nextState)));
}

function promptFor(chat: Chat, state: ChatState): void {
  const [request] = state.pending;
  chat.io.prompt(request ? chat.style.warn(confirmationQuestion(request)) : `${chat.style.user('you')}> `);
}

/** A y/n for the first pending request; the last answer sends them all. */
function answer(chat: Chat, state: ChatState, text: string): Observable<ChatState> {
  const confirmed = parseYesNo(text);
  const [request, ...rest] = state.pending;
  if (confirmed === undefined || !request) {
    chat.io.write('Please answer y or n.\n');
    return of(state);
  }
  const answers = [...state.answers, ...(createConfirmationResponse(request, { confirmed }).parts ?? [])];
  return rest.length > 0 ? of({ pending: rest, answers }) : turn(chat, { role: 'user', parts: answers });
}

function turn(chat: Chat, message: { role: 'user'; parts: Part[] }): Observable<ChatState> {
  return defer(() => {
    chat.busy.next(true);
    return terminalTurn(chat, message).pipe(
      map((requests): ChatState => ({ pending: requests, answers: [] })),
      finalize(() => chat.busy.next(false)),
    );
  });
}

function command(chat: Chat, text: string): Observable<never> {
  switch (text) {
    case '/state':
      return printSession(chat, formatSessionState);
    case '/events':
      return printSession(chat, formatSessionEvents);
    case '/help':
      return defer(() => (chat.io.write(CHAT_HELP), EMPTY));
    default:
      return defer(() => (chat.io.write(`Unknown command ${text}.\n${CHAT_HELP}`), EMPTY));
  }
}

function printSession(chat: Chat, format: typeof formatSessionState): Observable<never> {
  const { runner, userId, sessionId } = chat;
  return runner.sessionService.getSession({ appName: runner.appName, userId, sessionId }).pipe(
    tap((session) => chat.io.write(session ? format(session) : `(session ${sessionId} not found)\n`)),
    ignoreElements(),
  );
}
