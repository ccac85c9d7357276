import { Observable, type OperatorFunction } from 'rxjs';
import type { LlmResponse } from '../models/llm-response.js';

/**
 * What one live connection hands on: a model response, or the failure that ends the connection
 * (a drop, or a `goAway` the conversation reconnects after), carried as a value so that it comes
 * after everything before it.
 *
 * @example
 * ```ts
 * const items: LiveItem[] = [{ response: { content, partial: true } }, { failure: new LiveConnectionClosedError({ model, code: 1011 }) }];
 * ```
 */
export type LiveItem = { response: LlmResponse } | { failure: unknown };

/** The parts of the turn in progress that were handed on partial only: text and both transcriptions. */
interface OpenTurn {
  text: string;
  input: string;
  output: string;
}

const NOTHING_OPEN: OpenTurn = { text: '', input: '', output: '' };

/**
 * Closes the turn a dropped connection cut: before the failure, the text handed on only partial
 * so far follows whole (marked `interrupted`, as at an `interrupted`), and an unfinished
 * transcription follows as finished. So the session stores what the user saw and heard, and the
 * next connection starts a fresh turn (a resumed Gemini session does not continue a turn cut
 * mid-generation: its handles are only issued between turns).
 *
 * ```
 * items:   -p(Par)--F           p = partial text, F = the failure
 * result:  -p(Par)--(W F)       W = { content: 'Par', interrupted: true }
 * ```
 *
 * @example
 * ```ts
 * items$.pipe(closeCutTurn()).subscribe((item) => console.log(item));
 * ```
 */
export function closeCutTurn(): OperatorFunction<LiveItem, LiveItem> {
  return (source) =>
    new Observable<LiveItem>((subscriber) => {
      // one step per item, with no step object or array: the common item (an audio frame) passes as it is
      let open = NOTHING_OPEN;
      return source.subscribe({
        next: (item) => {
          if ('failure' in item) {
            const closing = closingResponses(open);
            open = NOTHING_OPEN;
            for (let i = 0; i < closing.length && !subscriber.closed; i++) subscriber.next(closing[i]!);
          } else {
            open = nextOpen(open, item.response);
          }
          subscriber.next(item);
        },
        error: (error: unknown) => subscriber.error(error),
        complete: () => subscriber.complete(),
      });
    });
}

/** The open text after one response: partial deltas add up; a whole text, a finished transcription or the end of the turn closes it. */
function nextOpen(open: OpenTurn, response: LlmResponse): OpenTurn {
  if (response.turnComplete || response.interrupted) return NOTHING_OPEN;
  const text = response.content?.parts?.[0]?.text;
  const input = response.inputTranscription;
  const output = response.outputTranscription;
  if (text === undefined && !input && !output) return open;
  return {
    text: text === undefined ? open.text : response.partial ? open.text + text : '',
    input: input ? (input.finished ? '' : open.input + (input.text ?? '')) : open.input,
    output: output ? (output.finished ? '' : open.output + (output.text ?? '')) : open.output,
  };
}

function closingResponses(open: OpenTurn): LiveItem[] {
  const out: LiveItem[] = [];
  if (open.input) out.push({ response: { inputTranscription: { text: open.input, finished: true } } });
  if (open.text) out.push({ response: { content: { role: 'model', parts: [{ text: open.text }] }, interrupted: true } });
  if (open.output) out.push({ response: { outputTranscription: { text: open.output, finished: true } } });
  return out;
}
