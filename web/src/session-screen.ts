import type { Content } from '@google/genai';
import {
  catchError,
  concat,
  concatMap,
  defer,
  distinctUntilChanged,
  EMPTY,
  filter,
  finalize,
  forkJoin,
  fromEvent,
  map,
  merge,
  type Observable,
  of,
  startWith,
  switchMap,
  takeUntil,
  tap,
} from 'rxjs';
import { createConfirmationResponse } from '../../lib/events/confirmation-requests.js';
import type { Event } from '../../lib/events/event.js';
import { REQUEST_CONFIRMATION_FUNCTION_CALL_NAME } from '../../lib/events/framework-function-names.js';
import type { ApiClient, SessionRef } from './api-client.js';
import type { ChatView } from './chat-view.js';
import { historyTurns } from './history-turns.js';
import { type Page, setBusy, setSessionOpen, showResume } from './page.js';
import { unfinishedInvocation } from './unfinished-invocation.js';
import type { RunMessage } from './run-message.js';
import type { SessionPanelView } from './session-panel-view.js';
import type { TimelineView } from './timeline-view.js';

/**
 * The views and the API an open session works with.
 *
 * @example
 * ```ts
 * const parts: SessionScreenParts = { api, page, chat, timeline, details, afterTurn: () => listChanged$.next() };
 * ```
 */
export interface SessionScreenParts {
  api: ApiClient;
  page: Page;
  chat: ChatView;
  timeline: TimelineView;
  details: SessionPanelView;
  /** Called after each turn (e.g. to refresh the session list). */
  afterTurn: () => void;
  /** The app's root agent's name, when known (to tell whether the last invocation has ended). */
  rootName: () => string | undefined;
}

/** What one turn sends: a message, or the resumption of an unfinished invocation. */
type TurnInput = Content | { readonly invocationId: string };

/**
 * An open session, as one Observable: show its history (chat, timeline, state, artifacts), then
 * run a turn for `firstMessage` (a session created for it) and for each message typed or
 * confirmation answered — one at a time, in order — until unsubscribed (another session picked:
 * `switchMap` does that, cancelling a running turn).
 *
 * @example
 * ```ts
 * selection$.pipe(switchMap((ref) => openSession(ref, parts, ref.firstMessage))).subscribe();
 * ```
 */
export function openSession(ref: SessionRef, parts: SessionScreenParts, firstMessage?: Content): Observable<unknown> {
  // A session that cannot be loaded (deleted, a stale link) stays closed: its error shows, no composer.
  return concat(showHistory(ref, parts), converse(ref, parts, firstMessage)).pipe(
    catchError((error: unknown) => {
      setSessionOpen(parts.page, false);
      parts.chat.reset();
      parts.timeline.reset();
      parts.details.reset(`Session ${ref.sessionId} could not be opened.`);
      return report(error, parts);
    }),
  );
}

function showHistory(ref: SessionRef, parts: SessionScreenParts): Observable<unknown> {
  const { api, chat, timeline, details } = parts;
  return forkJoin({ session: api.getSession(ref), traces: api.getTrace(ref), artifacts: api.listArtifacts(ref) }).pipe(
    tap(({ session, traces, artifacts }) => {
      chat.reset('Say something to the agent.');
      timeline.reset('Each turn shows here: the hooks that fired and the events, in order.');
      details.render(session, artifacts);
      showResume(parts.page, unfinishedInvocation(session.events, parts.rootName()));
      const answered = answeredConfirmations(session.events);
      historyTurns(session.events, traces).forEach((turn, index) => {
        if (turn.userContent) chat.showUser(turn.userContent);
        timeline.beginTurn(index + 1, turn.userContent);
        for (const message of turn.messages) show(message, parts, answered);
        chat.endStreaming();
      });
    }),
  );
}

/**
 * The first message (if any), then typed messages, confirmation decisions and Resume clicks (the
 * unfinished invocation resumed), each sent as one turn, in order.
 */
function converse(ref: SessionRef, parts: SessionScreenParts, firstMessage: Content | undefined): Observable<unknown> {
  const { page, chat } = parts;
  const typed = fromEvent(page.composer, 'submit').pipe(
    map(() => takeText(page.message)),
    filter((text) => text !== ''),
    map((text): Content => ({ role: 'user', parts: [{ text }] })),
  );
  const decided = chat.decisions$.pipe(
    tap(({ request, confirmed }) => chat.settle(request, confirmed)),
    map(({ request, confirmed }) => createConfirmationResponse(request, { confirmed })),
  );
  const resumed = fromEvent(page.resume, 'click').pipe(
    map(() => page.resume.dataset['invocation']),
    filter((invocationId): invocationId is string => invocationId !== undefined),
    map((invocationId): TurnInput => ({ invocationId })),
  );
  const turns = (inputs: Observable<TurnInput>) => inputs.pipe(concatMap((input) => concat(runTurn(ref, input, parts), refreshDetails(ref, parts))));
  const liveMode = fromEvent(page.liveMode, 'change').pipe(
    startWith(undefined),
    map(() => page.liveMode.checked),
    distinctUntilChanged(),
  );
  return concat(
    turns(firstMessage ? of(firstMessage) : EMPTY),
    liveMode.pipe(switchMap((live) => (live ? liveConversation(ref, parts, typed) : turns(merge(typed, decided, resumed))))),
  );
}

/**
 * Live mode: one conversation over `WS /run_live` while the Live box is ticked. Each typed
 * message goes out as it is typed (it starts a turn in the timeline), and the events stream into
 * the chat and the timeline as they come; at a `turnComplete` the turn's streaming ends and the
 * session panel is read again.
 * Unticking the box (or opening another session) closes the conversation.
 */
function liveConversation(ref: SessionRef, parts: SessionScreenParts, typed: Observable<Content>): Observable<unknown> {
  const { api, chat, timeline } = parts;
  return defer(() => {
    chat.showNote('Live: one conversation over WS /run_live; untick Live to end it.');
    const requests = typed.pipe(
      tap((content) => {
        chat.showUser(content);
        timeline.beginTurn(timeline.turnCount() + 1, content);
      }),
      map((content) => ({ content })),
    );
    return api.live(ref, requests).pipe(
      tap((event) => showLiveEvent(event, parts)),
      filter((event) => !!event.turnComplete),
      concatMap(() => refreshDetails(ref, parts)),
      catchError((error: unknown) => report(error, parts)),
      finalize(() => chat.endStreaming()),
    );
  });
}

function isResumption(input: TurnInput): input is { readonly invocationId: string } {
  return typeof (input as { invocationId?: unknown }).invocationId === 'string';
}

/** One turn over `/run_sse` (a message, or a resumption): streamed into the chat and the timeline; Stop unsubscribes it. */
function runTurn(ref: SessionRef, input: TurnInput, parts: SessionScreenParts): Observable<unknown> {
  const { api, page, chat, timeline } = parts;
  return defer(() => {
    const message = isResumption(input) ? undefined : input;
    if (message) chat.showUser(message);
    timeline.beginTurn(timeline.turnCount() + 1, message);
    showResume(page, undefined);
    setBusy(page, true);
    const stopped = fromEvent(page.stop, 'click').pipe(tap(() => show({ kind: 'cancelled' }, parts)));
    const run = isResumption(input) ? api.resume(ref, input.invocationId) : api.run(ref, input);
    return run.pipe(
      tap((runMessage) => show(runMessage, parts)),
      takeUntil(stopped),
      catchError((error: unknown) => {
        show({ kind: 'error', error: messageOf(error) }, parts);
        return EMPTY;
      }),
      finalize(() => {
        chat.endStreaming();
        setBusy(page, false);
      }),
    );
  });
}

/** A live event: in the timeline; in the chat unless it is the typed message coming back (already shown). */
function showLiveEvent(event: Event, parts: SessionScreenParts): void {
  parts.timeline.append({ kind: 'event', event });
  if (event.author !== 'user' || !event.content) parts.chat.showEvent(event);
  if (event.turnComplete) parts.chat.endStreaming();
}

function refreshDetails(ref: SessionRef, parts: SessionScreenParts): Observable<unknown> {
  const { api, details } = parts;
  return forkJoin({ session: api.getSession(ref), artifacts: api.listArtifacts(ref) }).pipe(
    tap(({ session, artifacts }) => {
      details.render(session, artifacts);
      showResume(parts.page, unfinishedInvocation(session.events, parts.rootName()));
      parts.afterTurn();
    }),
    catchError((error: unknown) => report(error, parts)),
  );
}

function show(message: RunMessage, parts: SessionScreenParts, answered?: ReadonlyMap<string, boolean>): void {
  parts.timeline.append(message);
  if (message.kind === 'event') parts.chat.showEvent(message.event, answered);
  if (message.kind === 'error') parts.chat.showError(message.error);
  if (message.kind === 'cancelled') parts.chat.cancelStreaming(message.detail ? 'This turn did not finish: it was cancelled.' : 'Stopped: the run was cancelled (its connection closed).');
}

function report(error: unknown, parts: SessionScreenParts): Observable<never> {
  parts.chat.showError(messageOf(error));
  return EMPTY;
}

/** The confirmation ids the user has answered in these events, with the answer. */
function answeredConfirmations(events: readonly Event[]): Map<string, boolean> {
  const answers = new Map<string, boolean>();
  for (const event of events) {
    if (event.author !== 'user') continue;
    for (const part of event.content?.parts ?? []) {
      const response = part.functionResponse;
      if (response?.name === REQUEST_CONFIRMATION_FUNCTION_CALL_NAME && response.id) {
        answers.set(response.id, (response.response as { confirmed?: boolean } | undefined)?.confirmed === true);
      }
    }
  }
  return answers;
}

function takeText(input: HTMLInputElement): string {
  const text = input.value.trim();
  input.value = '';
  return text;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
