import type { BaseAgent } from '../agents/base-agent.js';
import type { ActiveEventsCompaction } from '../compaction/events-compaction-config.js';
import { CompactionConfigError } from '../compaction/compaction-config-error.js';
import { LlmEventSummarizer } from '../compaction/llm-event-summarizer.js';
import { type App, hasModel } from './app.js';

/**
 * The app's compaction settings with the summarizer it will use: the one given, else an
 * `LlmEventSummarizer`; one without a model falls back on the root agent's (resolved at the first
 * summary). `undefined` when the app does not compact.
 *
 * @example
 * ```ts
 * activeEventsCompaction(app)?.summarizer; // LlmEventSummarizer on the root agent's model
 * ```
 */
export function activeEventsCompaction(app: App): ActiveEventsCompaction | undefined {
  const config = app.eventsCompaction;
  if (!config) return undefined;
  const given = config.summarizer ?? new LlmEventSummarizer();
  const summarizer = isUnboundLlmSummarizer(given) ? given.withDefaultLlm(() => rootModel(app.rootAgent)) : given;
  return { ...config, summarizer };
}

/** An LlmEventSummarizer (of any copy of rxadk) given no model. */
function isUnboundLlmSummarizer(summarizer: object): summarizer is LlmEventSummarizer {
  return (summarizer instanceof LlmEventSummarizer || typeof (summarizer as Partial<LlmEventSummarizer>).withDefaultLlm === 'function') && !(summarizer as LlmEventSummarizer).llm;
}

function rootModel(root: BaseAgent) {
  if (hasModel(root)) return root.canonicalModel();
  throw new CompactionConfigError(`The root agent "${root.name}" is not an LlmAgent: give the LlmEventSummarizer a model ({ llm }).`);
}
