import type {
  CitationMetadata,
  Content,
  FinishReason,
  GenerateContentResponseUsageMetadata,
  GroundingMetadata,
  LiveServerGoAway,
  LiveServerSessionResumptionUpdate,
  LiveServerToolCallCancellation,
  LogprobsResult,
  Transcription,
} from '@google/genai';

/**
 * One answer (or one streamed chunk of an answer) from a model. Plain data: every field is
 * JSON-serialisable, and an {@link Event} extends it.
 *
 * @example
 * ```ts
 * const response: LlmResponse = { content: { role: 'model', parts: [{ text: 'Hello!' }] }, turnComplete: true };
 * ```
 */
export interface LlmResponse {
  content?: Content;
  /** A streamed chunk; a final aggregated response follows. Partial events are never stored. */
  partial?: boolean;
  turnComplete?: boolean;
  errorCode?: string;
  errorMessage?: string;
  finishReason?: FinishReason;
  usageMetadata?: GenerateContentResponseUsageMetadata;
  groundingMetadata?: GroundingMetadata;
  citationMetadata?: CitationMetadata;
  avgLogprobs?: number;
  logprobsResult?: LogprobsResult;
  modelVersion?: string;
  interrupted?: boolean;
  customMetadata?: Record<string, unknown>;
  /** Live: the transcription of the user's audio (a partial delta, or the whole text once `finished`). */
  inputTranscription?: Transcription;
  /** Live: the transcription of the model's audio (a partial delta, or the whole text once `finished`). */
  outputTranscription?: Transcription;
  /** Live: a new session resumption handle. */
  liveSessionResumptionUpdate?: LiveServerSessionResumptionUpdate;
  /** Live: the server will close the connection soon. */
  goAway?: LiveServerGoAway;
  /** Live: the model withdrew these function calls; their runs are unsubscribed. */
  toolCallCancellation?: LiveServerToolCallCancellation;
}
