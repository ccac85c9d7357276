import type { Content } from '@google/genai';
import type { Event } from '../events/event.js';

/**
 * The prompt size the model last reported (`usageMetadata.promptTokenCount` of the latest event
 * that has one), looking no further back than the latest compaction event: a count reported
 * before a compaction measured a history the model is no longer sent. `undefined` when none.
 *
 * @example
 * ```ts
 * latestPromptTokenCount(session.events); // 12345, or undefined → estimate with estimateTokenCount
 * ```
 */
export function latestPromptTokenCount(events: readonly Event[]): number | undefined {
  for (let i = events.length - 1; i >= 0; i--) {
    const event = events[i]!;
    if (event.actions.compaction) return undefined;
    const count = event.usageMetadata?.promptTokenCount;
    if (typeof count === 'number') return count;
  }
  return undefined;
}

/**
 * An estimate of the tokens in `contents`: their text characters divided by 4 (rounded down), as
 * ADK estimates when the model reported no count.
 *
 * @example
 * ```ts
 * estimateTokenCount([{ role: 'user', parts: [{ text: 'abcdefgh' }] }]); // 2
 * ```
 */
export function estimateTokenCount(contents: readonly Content[]): number {
  let characters = 0;
  for (const content of contents) for (const part of content.parts ?? []) if (part.text) characters += part.text.length;
  return Math.floor(characters / 4);
}
