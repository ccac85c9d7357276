import type { Event } from './event.js';

/**
 * True when the event's last part is a code-execution result (the model will want to continue).
 *
 * @example
 * ```ts
 * hasTrailingCodeExecutionResult({ content: { parts: [{ codeExecutionResult: { output: '4' } }] } }); // true
 * ```
 */
export function hasTrailingCodeExecutionResult(event: Pick<Event, 'content'>): boolean {
  const parts = event.content?.parts;
  return !!parts && parts.length > 0 && parts[parts.length - 1]!.codeExecutionResult !== undefined;
}
