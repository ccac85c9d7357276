import { latestPromptTokenCount, estimateTokenCount } from '../../compaction/prompt-token-count.js';
import { summarizeAndStore } from '../../compaction/summarize-events.js';
import { tokenThresholdEvents } from '../../compaction/token-threshold-events.js';
import { buildContents } from '../build-contents.js';
import type { LlmRequestProcessor } from '../llm-request-processor.js';

/**
 * The token-threshold compaction, before a model request (ADK's `CompactionRequestProcessor`):
 * when the app compacts by `tokenThreshold` and the prompt's size — the latest
 * `usageMetadata.promptTokenCount` since the latest compaction, else this agent's history's text
 * characters / 4 — has reached it, the events `tokenThresholdEvents` picks are summarised and the
 * compaction event is emitted (the Runner stores it; the caller sees it, authored `user`, with no
 * content) before the contents are built, so this very request is sent the summary. A failing
 * summarizer is reported to `onError`; the request then goes out with the raw history.
 *
 * @example
 * ```ts
 * new App({ name: 'coder', rootAgent, eventsCompaction: { tokenThreshold: 100_000, eventRetentionSize: 20 } });
 * ```
 */
export const compactionRequestProcessor: LlmRequestProcessor = (ctx, agent) => {
  const config = ctx.eventsCompaction;
  if (!config || config.tokenThreshold === undefined || config.eventRetentionSize === undefined) return undefined;
  const events = ctx.session.events;
  const tokens = latestPromptTokenCount(events) ?? estimateTokenCount(buildContents(events, agent.name, ctx.branch));
  if (tokens < config.tokenThreshold) return undefined;
  const picked = tokenThresholdEvents(events, config.eventRetentionSize);
  if (picked.length === 0) return undefined;
  return summarizeAndStore(picked, {
    trigger: 'token_threshold',
    sessionId: ctx.session.id,
    summarizer: config.summarizer,
    onError: config.onError,
    ...(config.summarizerTimeoutMs ? { timeoutMs: config.summarizerTimeoutMs } : {}),
    store: (event) => ctx.emit(event),
  });
};
