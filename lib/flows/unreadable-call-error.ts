import type { BaseLlm } from '../models/base-llm.js';
import type { LlmResponse } from '../models/llm-response.js';
import { asJsonValue } from '../utils/as-json-value.js';
import { ModelError } from '../utils/errors.js';

/**
 * A `ModelError` when a model response's function-call arguments are not JSON data (a model
 * adapter handed over a BigInt, a cycle, or nesting deeper than the stores can keep), else
 * `undefined`. Such a response is refused before anything of it is stored, so the session stays
 * whole; text parts are always JSON and are not walked.
 *
 * ```
 * { functionCall: { name: 'f', args: { a: 1 } } }               → undefined
 * { functionCall: { name: 'f', args: <600 levels deep> } }      → ModelError('… nesting deeper than 512 levels at .args…')
 * ```
 *
 * @example
 * ```ts
 * const error = unreadableCallError(model, 'agent', response);
 * if (error) return throwError(() => error);
 * ```
 */
export function unreadableCallError(model: BaseLlm, agentName: string, response: LlmResponse): ModelError | undefined {
  for (const part of response.content?.parts ?? []) {
    if (!part.functionCall) continue;
    const check = asJsonValue(part.functionCall);
    if (!check.ok) {
      return new ModelError(
        `Model "${model.model}" returned a function call ${JSON.stringify(String(part.functionCall.name))} whose arguments are not JSON (${check.reason}); nothing of that response was stored.`,
        { model: model.model, agentName },
      );
    }
  }
  return undefined;
}
