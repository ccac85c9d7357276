import type { GoogleGenAI, LiveServerMessage } from '@google/genai';
import { Observable, type Observer, type Subscriber } from 'rxjs';
import { EMPTY_LIVE_TURN, liveAudioResponse, reduceLiveMessage } from './gemini-live-responses.js';
import { type GeminiLiveSessionParameters, openGeminiLiveSession } from './gemini-live-session.js';
import type { LiveRequest } from './live-request.js';
import type { LlmResponse } from './llm-response.js';

/**
 * Gemini's live exchange in one step per server message: once `client$` gives the SDK client, the
 * session is opened ({@link openGeminiLiveSession}) and each message is converted as
 * {@link geminiLiveResponses} converts it ({@link reduceLiveMessage}) where the SDK hands it over;
 * what fails becomes `toError(error)`. The same as
 * `client$.pipe(concatMap(({client}) => geminiLiveSession(client, …)), geminiLiveResponses(), catchError(…))`,
 * with one subscriber instead of four on every audio frame.
 *
 * ```
 * client$:    --c|
 * messages:      --t1--t2--C|       (t = model text, C = turnComplete)
 * responses:     --p1--p2--(WT)|    (p = partial, W = whole text, T = turnComplete)
 * ```
 *
 * @example
 * ```ts
 * geminiLiveExchange(client$, { model: 'gemini-live-2.5-flash-preview', config, history: [] }, requests$, (error) => error)
 *   .subscribe((response) => console.log(response));
 * ```
 */
export function geminiLiveExchange(
  client$: Observable<{ client: GoogleGenAI }>,
  parameters: GeminiLiveSessionParameters,
  requests: Observable<LiveRequest>,
  toError: (error: unknown) => unknown,
): Observable<LlmResponse> {
  return new Observable<LlmResponse>((subscriber) => {
    const responses = liveResponsesTo(subscriber, toError);
    let close: (() => void) | undefined;
    const loading = client$.subscribe({
      next: ({ client }) => {
        close ??= openGeminiLiveSession(client, parameters, requests, responses);
      },
      error: (error: unknown) => subscriber.error(toError(error)),
      complete: () => (close ? undefined : subscriber.complete()),
    });
    return () => {
      loading.unsubscribe();
      close?.();
    };
  });
}

const NO_RESPONSES: readonly LlmResponse[] = [];

/** The observer of a session's messages that hands their responses to `subscriber`, the turn's text carried from one to the next. */
function liveResponsesTo(subscriber: Subscriber<LlmResponse>, toError: (error: unknown) => unknown): Observer<LiveServerMessage> {
  let state = EMPTY_LIVE_TURN;
  return {
    next: (message) => {
      let audio: LlmResponse | undefined;
      let responses: readonly LlmResponse[] = NO_RESPONSES;
      try {
        // an audio frame (most messages): its one response, the state as it was, no step object or array
        audio = liveAudioResponse(message);
        if (!audio) {
          const step = reduceLiveMessage(state, message);
          state = step.state;
          responses = step.responses;
        }
      } catch (error) {
        subscriber.error(toError(error));
        return;
      }
      if (audio) return subscriber.next(audio);
      for (let i = 0; i < responses.length && !subscriber.closed; i++) subscriber.next(responses[i]!);
    },
    error: (error: unknown) => subscriber.error(toError(error)),
    complete: () => subscriber.complete(),
  };
}
