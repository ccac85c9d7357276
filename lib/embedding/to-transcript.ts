import { type OperatorFunction, scan } from 'rxjs';
import type { Event } from '../events/event.js';
import { EMPTY_TRANSCRIPT, type Transcript, transcriptReducer } from './transcript.js';

/**
 * Folds a stream of events (a `runAsync` turn, or several concatenated) into the
 * {@link Transcript} after each event: streamed text merged into one message, tool calls paired
 * with their results, pending confirmation requests. `scan` over {@link transcriptReducer};
 * start from an earlier transcript to continue it.
 *
 * @example
 * ```ts
 * runner.runAsync({ userId, sessionId, newMessage: userMessage('hi'), runConfig: { streamingMode: 'sse' } })
 *   .pipe(toTranscript())
 *   .subscribe((transcript) => render(transcript.messages));
 * ```
 */
export function toTranscript(initial: Transcript = EMPTY_TRANSCRIPT): OperatorFunction<Event, Transcript> {
  return scan(transcriptReducer, initial);
}
