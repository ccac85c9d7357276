import { defer, from, isObservable, type Observable, of, takeLast, throwError } from 'rxjs';
import { BaseLlm } from '../models/base-llm.js';
import type { LlmRequest } from '../models/llm-request.js';
import type { LlmResponse } from '../models/llm-response.js';
import { aggregateStream } from '../models/aggregate-stream.js';

/** What a scripted model answers to one call. */
export type ScriptEntry =
  | LlmResponse
  | LlmResponse[]
  | Error
  | Observable<LlmResponse>
  | ((request: LlmRequest) => LlmResponse | LlmResponse[] | Error | Observable<LlmResponse>);

/** Options of {@link ScriptedLlm}. */
export interface ScriptedLlmOptions {
  /** The model name it reports (default `'scripted'`). */
  model?: string;
  /** Keep every request in {@link ScriptedLlm.requests} (default true). */
  recordRequests?: boolean;
}

/**
 * A model that answers call *n* with `script[n]`, for tests and offline examples:
 *
 * - an `LlmResponse` → that response;
 * - an array of `LlmResponse` → streamed chunks, as Gemini streams them: with streaming on, each
 *   chunk as a partial response then one aggregated final response; without, only the aggregate;
 * - a function of the request → whatever it returns, computed at call time;
 * - an `Observable<LlmResponse>` → its values at its times (a marble test's `cold('--a|')`);
 * - an `Error` → the call fails with it.
 *
 * Every request is kept in {@link requests}. Calling past the end of the script is an error
 * that says which call it was.
 *
 * @example
 * ```ts
 * const model = new ScriptedLlm([
 *   { content: { role: 'model', parts: [{ functionCall: { name: 'get_weather', args: { city: 'Paris' } } }] } },
 *   { content: { role: 'model', parts: [{ text: 'It is sunny in Paris.' }] } },
 * ]);
 * const agent = new LlmAgent({ name: 'weather_agent', model, tools: [getWeather] });
 * // after a run: model.requests[1].contents holds the tool's response
 * ```
 */
export class ScriptedLlm extends BaseLlm {
  /** The requests received, in order. */
  readonly requests: LlmRequest[] = [];
  private calls = 0;
  private readonly record: boolean;

  constructor(
    private readonly script: readonly ScriptEntry[],
    options: ScriptedLlmOptions = {},
  ) {
    super({ model: options.model ?? 'scripted' });
    this.record = options.recordRequests ?? true;
  }

  /** How many calls have been made. */
  get callCount(): number {
    return this.calls;
  }

  generateContent(request: LlmRequest, stream = false): Observable<LlmResponse> {
    return defer(() => {
      const index = this.calls++;
      if (this.record) this.requests.push(request);
      if (index >= this.script.length) {
        return throwError(
          () =>
            new Error(
              `ScriptedLlm "${this.model}" was called ${index + 1} times but its script has only ${this.script.length} ` +
                `answer${this.script.length === 1 ? '' : 's'}. Add an answer for call ${index + 1}.`,
            ),
        );
      }
      const entry = this.script[index]!;
      return answer(typeof entry === 'function' ? entry(request) : entry, stream);
    });
  }
}

function answer(entry: Exclude<ScriptEntry, (request: LlmRequest) => unknown>, stream: boolean): Observable<LlmResponse> {
  if (entry instanceof Error) return throwError(() => entry);
  if (isObservable(entry)) return entry;
  if (Array.isArray(entry)) {
    const chunks$ = from(entry).pipe(aggregateStream());
    return stream ? chunks$ : chunks$.pipe(takeLast(1));
  }
  return of(entry);
}
