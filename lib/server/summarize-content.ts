import type { Content, Part } from '@google/genai';

/**
 * One short line for a `Content` (a message, a model response, an event's content), for trace
 * entries: text as is, `call name({...})` for a function call, `name → {...}` for a function
 * response; parts joined with ` | `, the whole cut to `max` characters.
 *
 * @example
 * ```ts
 * summarizeContent({ role: 'model', parts: [{ functionCall: { name: 'get_weather', args: { city: 'Paris' } } }] });
 * // 'call get_weather({"city":"Paris"})'
 * ```
 */
export function summarizeContent(content: Content | undefined, max = 160): string {
  const text = (content?.parts ?? []).map(summarizePart).filter(Boolean).join(' | ');
  return truncate(text, max);
}

/**
 * A value as compact JSON, cut to `max` characters (for tool arguments and results).
 *
 * @example
 * ```ts
 * summarizeJson({ city: 'Paris' }); // '{"city":"Paris"}'
 * ```
 */
export function summarizeJson(value: unknown, max = 160): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return truncate(text, max);
}

function summarizePart(part: Part): string {
  if (part.text !== undefined) return part.thought ? `(thought) ${part.text}` : part.text;
  if (part.functionCall) return `call ${part.functionCall.name}(${summarizeJson(part.functionCall.args ?? {}, 80)})`;
  if (part.functionResponse) return `${part.functionResponse.name} → ${summarizeJson(part.functionResponse.response ?? {}, 80)}`;
  if (part.inlineData) return `[${part.inlineData.mimeType ?? 'data'}]`;
  if (part.executableCode) return `code ${part.executableCode.code ?? ''}`;
  if (part.codeExecutionResult) return `code result ${part.codeExecutionResult.output ?? ''}`;
  return '';
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, Math.max(0, max - 1))}…`;
}
