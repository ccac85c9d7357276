import type { Part } from '@google/genai';
import type { Event } from '../events/event.js';

/**
 * One line per event, for assertions that read like a transcript:
 *
 * - text → `agent: It is sunny.`
 * - a function call → `agent: call get_weather({"city":"Paris"})`
 * - a function response → `agent: get_weather returned {"temp":25}`
 * - no content but state → `agent: state {"k":1}`
 * - a partial chunk is prefixed with `~ ` ; several parts are joined with ` | `.
 *
 * @example
 * ```ts
 * simplifyEvents(events);
 * // ['weather_agent: call get_weather({"city":"Paris"})',
 * //  'weather_agent: get_weather returned {"temp":25}',
 * //  'weather_agent: It is sunny.']
 * ```
 */
export function simplifyEvents(events: readonly Event[]): string[] {
  return events.map(simplifyEvent);
}

/**
 * {@link simplifyEvents} for one event (handy inside `map` in marble tests).
 *
 * @example
 * ```ts
 * runner.runAsync(turn).pipe(map(simplifyEvent)); // 'weather_agent: It is sunny.'
 * ```
 */
export function simplifyEvent(event: Event): string {
  const parts = (event.content?.parts ?? []).map(describePart).filter((text) => text !== undefined);
  let body = parts.join(' | ');
  if (!body) {
    const delta = event.actions.stateDelta;
    body = Object.keys(delta).length ? `state ${JSON.stringify(delta)}` : event.errorMessage ? `error ${event.errorMessage}` : '(empty)';
  }
  return `${event.partial ? '~ ' : ''}${event.author}: ${body}`;
}

function describePart(part: Part): string | undefined {
  if (part.text !== undefined) return part.thought ? `(thought) ${part.text}` : part.text;
  if (part.functionCall) return `call ${part.functionCall.name}(${JSON.stringify(part.functionCall.args ?? {})})`;
  if (part.functionResponse) {
    return `${part.functionResponse.name} returned ${JSON.stringify(part.functionResponse.response ?? {})}`;
  }
  if (part.codeExecutionResult) return `code result ${part.codeExecutionResult.output ?? ''}`;
  if (part.executableCode) return `code ${part.executableCode.code ?? ''}`;
  if (part.inlineData) return `[${part.inlineData.mimeType ?? 'data'}]`;
  return undefined;
}
