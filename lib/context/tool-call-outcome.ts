import type { Event } from '../events/event.js';

/**
 * What one tool call produced: its function-response event and, under `toolErrors: 'throw'`, the
 * failure the run will end with once the response is committed.
 *
 * @example
 * ```ts
 * const outcome: ToolCallOutcome = { event: responseEvent };
 * ```
 */
export interface ToolCallOutcome {
  event: Event;
  failure?: Error;
}
