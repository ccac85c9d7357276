/**
 * Per-run settings, given to `runner.runAsync({ ..., runConfig })`.
 *
 * @example
 * ```ts
 * runner.runAsync({ userId, sessionId, newMessage, runConfig: { streamingMode: 'sse', maxLlmCalls: 20, toolTimeoutMs: 30_000 } });
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
  /**
   * Milliseconds each tool call of this invocation may take, for every tool without its own
   * `timeoutMs` (a tool's own setting wins: see `toolTimeoutOf`). When it expires, the call's
   * `ctx.abortSignal` fires, the model gets `{error: 'Tool <name> timed out after <n> ms.'}`, and
   * the run goes on. Default: none (`undefined`, like ADK, which has no tool timeout): a tool may
   * take as long as it likes, and cancelling the run is the way to stop it. `0`, a negative
   * number, `NaN` or `Infinity` also mean none; values above 2^31 − 1 ms (about 24.8 days, the
   * longest timer Node keeps) are clamped to it. MCP tools also get it as their request timeout;
   * without one, an MCP call still ends after its connection's `timeoutMs` (default: the MCP
   * SDK's 60 s).
   */
  toolTimeoutMs?: number;
  /** Copied onto every event's `customMetadata`. */
  customMetadata?: Record<string, unknown>;
}

/** The default `maxLlmCalls`. */
export const DEFAULT_MAX_LLM_CALLS = 500;
