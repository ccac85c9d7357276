import type {
  AudioTranscriptionConfig,
  ContextWindowCompressionConfig,
  Modality,
  ProactivityConfig,
  RealtimeInputConfig,
  SessionResumptionConfig,
  SpeechConfig,
} from '@google/genai';

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
  /** Live: what the model answers with. Default `['AUDIO']` (ADK). */
  responseModalities?: Modality[] | string[];
  /** Live: the voice and language of the model's speech. */
  speechConfig?: SpeechConfig;
  /** Live: transcribe the user's audio (events then carry `inputTranscription`). On by default with sub-agents (ADK). */
  inputAudioTranscription?: AudioTranscriptionConfig;
  /** Live: transcribe the model's audio (events then carry `outputTranscription`). On by default with sub-agents (ADK). */
  outputAudioTranscription?: AudioTranscriptionConfig;
  /** Live: voice activity detection and how activity is handled. */
  realtimeInputConfig?: RealtimeInputConfig;
  /** Live: ask for session resumption handles, so that a dropped connection reconnects transparently. */
  sessionResumption?: SessionResumptionConfig;
  /** Live: compress the context window (longer sessions). */
  contextWindowCompression?: ContextWindowCompressionConfig;
  /** Live: let the model answer proactively (native audio models). */
  proactivity?: ProactivityConfig;
  /** Live: let the model adapt to the user's tone (native audio models). */
  enableAffectiveDialog?: boolean;
  /** Live: store the conversation's audio as artifacts, and keep the audio events with `artifact://` references. Default false. */
  saveLiveBlob?: boolean;
}

/** The default `maxLlmCalls`. */
export const DEFAULT_MAX_LLM_CALLS = 500;
