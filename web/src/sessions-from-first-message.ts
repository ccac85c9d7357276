import type { Content } from '@google/genai';
import { catchError, defer, EMPTY, exhaustMap, filter, finalize, fromEvent, map, type Observable, switchMap, tap } from 'rxjs';
import type { ApiClient, SessionRef } from './api-client.js';
import type { ChatView } from './chat-view.js';
import { type Page, setBusy, setComposer } from './page.js';

/**
 * A session to open; `firstMessage`, when set, is sent in it as soon as it is open (the session
 * was created for that message).
 *
 * @example
 * ```ts
 * selection$.next({ appName: 'weather', userId: 'user', sessionId: 's1', firstMessage: { role: 'user', parts: [{ text: 'Hi' }] } });
 * ```
 */
export interface SessionSelection extends SessionRef {
  firstMessage?: Content;
}

/**
 * What {@link sessionsFromFirstMessage} works with: the API, the page, and the chat (where a
 * failure to create the session shows).
 *
 * @example
 * ```ts
 * const context: FirstMessageContext = { api, page, chat };
 * ```
 */
export interface FirstMessageContext {
  api: ApiClient;
  page: Page;
  chat: ChatView;
}

/**
 * While no session is open: the first message typed creates a session for the chosen app and user
 * (as adk-web does), then emits it, with the message, to open and send. One creation at a time
 * (Enter again while it runs is ignored); the message stays in the composer if it fails. With no
 * app to chat with, the composer is off.
 *
 * @example
 * ```ts
 * sessionsFromFirstMessage({ api, page, chat }, scope$).pipe(tap((selection) => selection$.next(selection))).subscribe();
 * ```
 */
export function sessionsFromFirstMessage(context: FirstMessageContext, scope$: Observable<{ appName: string; userId: string }>): Observable<SessionSelection> {
  const { page } = context;
  return scope$.pipe(
    tap((scope) => setComposer(page, scope.appName ? 'new-session' : 'off')),
    switchMap((scope) => (scope.appName ? typedTexts(page).pipe(exhaustMap((text) => sessionFor(context, scope, text))) : EMPTY)),
  );
}

function typedTexts(page: Page): Observable<string> {
  return fromEvent(page.composer, 'submit').pipe(
    map(() => page.message.value.trim()),
    filter((text) => text !== ''),
  );
}

function sessionFor(context: FirstMessageContext, scope: { appName: string; userId: string }, text: string): Observable<SessionSelection> {
  const { api, page, chat } = context;
  return defer(() => {
    setBusy(page, true);
    return api.createSession(scope.appName, scope.userId);
  }).pipe(
    finalize(() => setBusy(page, false)),
    map((session): SessionSelection => ({ appName: session.appName, userId: session.userId, sessionId: session.id, firstMessage: { role: 'user', parts: [{ text }] } })),
    tap(() => (page.message.value = '')),
    catchError((error: unknown) => {
      chat.showError(`Could not create a session for your message: ${error instanceof Error ? error.message : String(error)}`);
      return EMPTY;
    }),
  );
}
