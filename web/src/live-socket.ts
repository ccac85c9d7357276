import { Observable, type Subscription } from 'rxjs';
import type { Event } from '../../lib/events/event.js';
import type { LiveRequest } from '../../lib/models/live-request.js';

/**
 * The server closed a live conversation with a code other than 1000 (1002: no such session, 1008:
 * refused, 1011: the run failed; the reason says why).
 *
 * @example
 * ```ts
 * liveSocket(url, requests$).subscribe({ error: (e) => e instanceof LiveSocketClosedError && console.log(e.code) });
 * ```
 */
export class LiveSocketClosedError extends Error {
  constructor(
    readonly code: number,
    reason: string,
  ) {
    super(`The live conversation closed (code ${code}${reason ? `: ${reason}` : ''}).`);
    this.name = 'LiveSocketClosedError';
  }
}

/**
 * A live conversation over `WS /run_live` (the browser's WebSocket): once the socket is open,
 * each of `requests` goes out as a JSON frame, and `{close: true}` when they complete; the
 * server's events come out. A close with code 1000 completes, any other fails with
 * {@link LiveSocketClosedError}. Unsubscribing closes the socket (the server then closes the
 * model connection).
 *
 * ```
 * requests: ----c-------c----|
 * socket:   open─send c ─ send c ─ send {close} ─ (server closes 1000)
 * events:   -------p-p-W-T----p-W-T---|
 * ```
 *
 * @example
 * ```ts
 * liveSocket('ws://localhost:8000/run_live?app_name=a&user_id=u&session_id=s&modalities=TEXT', typed$.pipe(map((content) => ({ content }))))
 *   .subscribe((event) => chat.showEvent(event));
 * ```
 */
export function liveSocket(url: string, requests: Observable<LiveRequest>): Observable<Event> {
  return new Observable<Event>((subscriber) => {
    const socket = new WebSocket(url);
    let sending: Subscription | undefined;
    socket.onopen = () => {
      sending = requests.subscribe({
        next: (request) => socket.send(JSON.stringify(request)),
        error: (error: unknown) => subscriber.error(error),
        complete: () => socket.send(JSON.stringify({ close: true })),
      });
    };
    socket.onmessage = (message: MessageEvent<string>) => subscriber.next(JSON.parse(message.data) as Event);
    socket.onclose = (close) => {
      sending?.unsubscribe();
      if (close.code === 1000) subscriber.complete();
      else subscriber.error(new LiveSocketClosedError(close.code, close.reason));
    };
    return () => {
      sending?.unsubscribe();
      socket.onclose = null;
      if (socket.readyState === WebSocket.CONNECTING || socket.readyState === WebSocket.OPEN) socket.close(1000);
    };
  });
}
