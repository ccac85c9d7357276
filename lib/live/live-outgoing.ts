import type { Content } from '@google/genai';
import { Observable, type Observer } from 'rxjs';
import { type LiveRequest, liveRequestAction } from '../models/live-request.js';

/**
 * What a live connection sends: the user's `requests`, each user text also told to
 * `userContents` (before it goes out; the conversation stores it as the user's event), then
 * `{close: true}` once `requests` completes; and the tools' `toolResponses` as they come. The same
 * as `merge(requests.pipe(tap(…), endWith({close: true})), toolResponses)`, with one subscriber
 * instead of four between the queue and the socket on every audio frame. Fails when either fails;
 * never completes on its own (the close request ends the connection).
 *
 * ```
 * requests:       -b--c----|
 * toolResponses:  ------r-------
 * result:         -b--c-r--x----     x = {close: true}; userContents: ----c's content
 * ```
 *
 * @example
 * ```ts
 * liveOutgoing(queue.asObservable(), toolResponses, userContents).subscribe((request) => send(request));
 * ```
 */
export function liveOutgoing(requests: Observable<LiveRequest>, toolResponses: Observable<LiveRequest>, userContents: Observer<Content>): Observable<LiveRequest> {
  return new Observable<LiveRequest>((subscriber) => {
    const user = requests.subscribe({
      next: (request) => {
        userContentOf(request, userContents);
        subscriber.next(request);
      },
      error: (error: unknown) => subscriber.error(error),
      complete: () => subscriber.next(CLOSE),
    });
    const tools = toolResponses.subscribe({ next: (request) => subscriber.next(request), error: (error: unknown) => subscriber.error(error) });
    return () => {
      user.unsubscribe();
      tools.unsubscribe();
    };
  });
}

const CLOSE: LiveRequest = Object.freeze({ close: true });

/** The user's text sent through the queue (not function responses): stored as the user's event. */
function userContentOf(request: LiveRequest, contents: Observer<Content>): void {
  if (!request.content) return; // content is the last by priority: a request without one (an audio frame) has none to store
  const action = liveRequestAction(request);
  if (action?.kind === 'content' && !action.content.parts?.some((part) => part.functionResponse)) contents.next(action.content);
}
