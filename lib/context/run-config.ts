/**
 * Per-run settings, given to `runner.runAsync({ ..., runConfig })`.
 *
 * @example
 * ```ts
 * runner.runAsync({ userId, sessionId, newMessage, runConfig: { streamingMode: 'sse', maxLlmCalls: 20 } });
 * ```
 */
export interface RunConfig {
  /** `'sse'` streams partial model chunks as partial events. Default `'none'`. */
  streamingMode?: 'none' | 'sse';
  /** Model calls allowed per invocation, across agents. Default 500; 0 or less means unlimited. */
  maxLlmCalls?: number;
  /** Tool calls of one model response that may run at once. Default: all of them. */
  maxConcurrentTools?: number;
  /** `'reply'` (default): a failing tool answers `{error}` to the model; `'throw'`: the run fails. */
  toolErrors?: 'reply' | 'throw';
  /** Copied onto every event's `customMetadata`. */
  customMetadata?: Record<string, unknown>;
}

/** The default `maxLlmCalls`. */
export const DEFAULT_MAX_LLM_CALLS = 500;
