// The part of the Gemini model that needs `@google/genai` at run time. `gemini.ts` loads this
// module with a dynamic `import()` on the first model call, so that a program (or a browser
// bundle) that never calls Gemini never loads the SDK.
import { GoogleGenAI, type GenerateContentParameters } from '@google/genai';
import { concatMap, from, map, type Observable } from 'rxjs';
import { aggregateStream } from './aggregate-stream.js';
import type { LlmResponse } from './llm-response.js';
import { llmResponseFromGenai } from './llm-response-from-genai.js';

/**
 * Creates the `@google/genai` client.
 *
 * @example
 * ```ts
 * const client = createGenaiClient({ apiKey: 'AIza...' });
 * ```
 */
export function createGenaiClient(options: ConstructorParameters<typeof GoogleGenAI>[0]): GoogleGenAI {
  return new GoogleGenAI(options);
}

/**
 * One answer, as one {@link LlmResponse}.
 *
 * @example
 * ```ts
 * generateSingle(client, { model: 'gemini-2.5-flash', contents }).subscribe((response) => console.log(response.content));
 * ```
 */
export function generateSingle(client: GoogleGenAI, parameters: GenerateContentParameters): Observable<LlmResponse> {
  return from(client.models.generateContent(parameters)).pipe(map(llmResponseFromGenai));
}

/**
 * Every server-sent chunk as a partial response, then the aggregate.
 *
 * @example
 * ```ts
 * generateStreamed(client, { model: 'gemini-2.5-flash', contents }).subscribe((response) => console.log(response.partial));
 * ```
 */
export function generateStreamed(client: GoogleGenAI, parameters: GenerateContentParameters): Observable<LlmResponse> {
  return from(client.models.generateContentStream(parameters)).pipe(
    concatMap((chunks) => from(chunks)),
    map(llmResponseFromGenai),
    aggregateStream(),
  );
}
