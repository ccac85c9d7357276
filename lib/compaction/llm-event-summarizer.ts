import type { Content } from '@google/genai';
import { defer, filter, map, type Observable, of, take } from 'rxjs';
import type { Event } from '../events/event.js';
import { createEvent } from '../events/event.js';
import type { BaseLlm } from '../models/base-llm.js';
import { createLlmRequest } from '../models/llm-request.js';
import { defaultIdGenerator } from '../utils/ids.js';
import { BaseEventsSummarizer } from './base-events-summarizer.js';
import { CompactionConfigError } from './compaction-config-error.js';

/** What an {@link LlmEventSummarizer} is built from. */
export interface LlmEventSummarizerOptions {
  /** The model that writes the summaries. Default: the app's root agent's model. */
  llm?: BaseLlm;
  /** The prompt; `{conversation_history}` is replaced by the events' text, one `author: text` line each. */
  promptTemplate?: string;
}

/** ADK's default prompt. */
export const DEFAULT_SUMMARY_PROMPT_TEMPLATE =
  'The following is a conversation history between a user and an AI agent. Please summarize the conversation, ' +
  'focusing on key information and decisions made, as well as any unresolved questions or tasks. ' +
  'The summary should be concise and capture the essence of the interaction.\n\n{conversation_history}';

/**
 * Summarises events with a model (ADK's `LlmEventSummarizer`): one non-streamed call whose
 * prompt lists the events' text as `author: text` lines; the first response with content becomes
 * the summary (role `model`), covering the first to the last event's timestamp. The compaction
 * event is authored `user` and carries the call's `usageMetadata`. No content → no compaction.
 *
 * Without `llm`, an `App` gives it its root agent's model.
 *
 * @example
 * ```ts
 * const app = new App({ name: 'support', rootAgent, eventsCompaction: {
 *   compactionInterval: 10, overlapSize: 1,
 *   summarizer: new LlmEventSummarizer({ llm: new Gemini({ model: 'gemini-2.5-flash-lite' }) }),
 * } });
 * ```
 */
export class LlmEventSummarizer extends BaseEventsSummarizer {
  readonly llm: BaseLlm | undefined;
  readonly promptTemplate: string;
  private readonly defaultLlm: (() => BaseLlm) | undefined;

  constructor(options: LlmEventSummarizerOptions = {}, defaultLlm?: () => BaseLlm) {
    super();
    this.llm = options.llm;
    this.promptTemplate = options.promptTemplate ?? DEFAULT_SUMMARY_PROMPT_TEMPLATE;
    this.defaultLlm = defaultLlm;
  }

  /**
   * This summarizer, with a model to fall back on when it was given none (resolved at the first
   * summary, so a model name is looked up only when needed).
   *
   * @example
   * ```ts
   * new LlmEventSummarizer().withDefaultLlm(() => rootAgent.canonicalModel());
   * ```
   */
  withDefaultLlm(resolve: () => BaseLlm): LlmEventSummarizer {
    return new LlmEventSummarizer({ ...(this.llm ? { llm: this.llm } : {}), promptTemplate: this.promptTemplate }, resolve);
  }

  maybeSummarizeEvents(events: readonly Event[]): Observable<Event | undefined> {
    return defer(() => {
      if (events.length === 0) return of(undefined);
      const llm = this.llm ?? this.defaultLlm?.();
      if (!llm) {
        throw new CompactionConfigError('LlmEventSummarizer has no model: give it one ({ llm }), or use it in an App whose root agent has a model.');
      }
      const prompt = this.promptTemplate.replaceAll('{conversation_history}', formatEvents(events));
      const request = createLlmRequest({ model: llm.model, contents: [{ role: 'user', parts: [{ text: prompt }] }] });
      return llm.generateContent(request, false).pipe(
        filter((response) => !!response.content),
        take(1),
        map((response) =>
          createEvent({
            author: 'user',
            invocationId: `e-${defaultIdGenerator()}`,
            ...(response.usageMetadata ? { usageMetadata: response.usageMetadata } : {}),
            actions: {
              compaction: {
                startTimestamp: events[0]!.timestamp,
                endTimestamp: events[events.length - 1]!.timestamp,
                compactedContent: { ...(response.content as Content), role: 'model' },
              },
            },
          }),
        ),
      );
    });
  }
}

/** The events' text, one `author: text` line per text part. */
function formatEvents(events: readonly Event[]): string {
  const lines: string[] = [];
  for (const event of events) for (const part of event.content?.parts ?? []) if (part.text) lines.push(`${event.author}: ${part.text}`);
  return lines.join('\n');
}
