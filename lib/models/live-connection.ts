import type { Observable } from 'rxjs';
import type { LiveRequest } from './live-request.js';
import type { LlmResponse } from './llm-response.js';

/**
 * A live (bidirectional) conversation with a model, opened by `BaseLlm.connect(request)`. Both
 * directions are Observables: {@link exchange} takes what to send and returns what the model
 * answers.
 *
 * ```
 * requests:   ----c------b--b----x|        (x = { close: true })
 * exchange:   ^ open ─ history ─ send c ─ … ─ close
 * responses:  ------p--p--T-----------|    (partials, whole text, turnComplete …)
 * ```
 *
 * @example
 * ```ts
 * const connection = model.connect(request);
 * connection.exchange(queue.asObservable()).subscribe((response) => console.log(response));
 * ```
 */
export interface LiveConnection {
  /**
   * Cold: subscribing opens the connection and sends the request's history (unless the request
   * resumes a session with a handle); `requests` is subscribed once the connection is up, and
   * each request goes out in order. A `{close: true}` request, or `requests` completing, closes
   * the connection, and the responses complete once it is closed. Unsubscribing closes it too. A
   * connection that drops fails with `LiveConnectionClosedError`, naming the close code.
   */
  exchange(requests: Observable<LiveRequest>): Observable<LlmResponse>;
}
