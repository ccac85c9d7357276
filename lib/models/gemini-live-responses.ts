import type { FunctionCall, LiveServerMessage, Part, Transcription } from '@google/genai';
import type { OperatorFunction } from 'rxjs';
import { scanMany } from '../operators/scan-many.js';
import type { LlmResponse } from './llm-response.js';

/**
 * What the conversion carries from one server message to the next: the model's text so far in
 * this turn, both transcriptions so far, and the function calls waiting for `turnComplete`.
 */
export interface LiveTurnText {
  text: string;
  input: string;
  output: string;
  calls: readonly FunctionCall[];
}

/** The state at the start of a conversation. */
export const EMPTY_LIVE_TURN: LiveTurnText = { text: '', input: '', output: '', calls: [] };

/**
 * Turns Gemini Live server messages into {@link LlmResponse}s, as ADK Python's
 * `GeminiLlmConnection.receive` does:
 *
 * - model text is handed on partial and accumulated; the whole text follows, not partial, at
 *   `turnComplete`, at `interrupted`, before a tool call, or before a non-text, non-audio part;
 * - audio parts are handed on as they come (not partial);
 * - transcription deltas are partial; once the server says `finished`, the accumulated text
 *   follows, not partial, with `finished: true`;
 * - tool calls are kept until `turnComplete`, then handed on as one model content;
 * - `usageMetadata`, `interrupted`, `turnComplete`, `toolCallCancellation`, session resumption
 *   updates and `goAway` are reported as responses of their own; `setupComplete` is dropped.
 *
 * ```
 * messages:   -t1---t2---tc-----C|     t = model text, tc = toolCall, C = turnComplete
 * responses:  -p1---p2---W------(FT)|  p = partial, W = whole text, F = the calls, T = turnComplete
 * ```
 *
 * @example
 * ```ts
 * session$.pipe(geminiLiveResponses()).subscribe((response) => console.log(response.partial, response.content));
 * ```
 */
export function geminiLiveResponses(): OperatorFunction<LiveServerMessage, LlmResponse> {
  return scanMany((step: LiveStep, message: LiveServerMessage) => reduceLiveMessage(step.state, message), { state: EMPTY_LIVE_TURN, responses: [] }, responsesOf);
}

function responsesOf(step: LiveStep): readonly LlmResponse[] {
  return step.responses;
}

/** One step of {@link geminiLiveResponses}: the new state and what to hand on. */
export interface LiveStep {
  state: LiveTurnText;
  responses: readonly LlmResponse[];
}

/**
 * The pure step of {@link geminiLiveResponses}: one server message applied to the state.
 *
 * @example
 * ```ts
 * reduceLiveMessage(EMPTY_LIVE_TURN, { serverContent: { modelTurn: { parts: [{ text: 'Hi' }] } } } as LiveServerMessage);
 * // { state: { text: 'Hi', ... }, responses: [{ content, partial: true }] }
 * ```
 */
export function reduceLiveMessage(state: LiveTurnText, message: LiveServerMessage): LiveStep {
  const audio = liveAudioResponse(message);
  if (audio) return { state, responses: [audio] };
  const out: LlmResponse[] = [];
  let next = state;
  if (message.usageMetadata) out.push({ usageMetadata: message.usageMetadata });
  const server = message.serverContent;
  if (server) {
    next = modelTurn(next, server.modelTurn?.parts, server.interrupted, out);
    next = transcription(next, 'input', server.inputTranscription, out);
    next = transcription(next, 'output', server.outputTranscription, out);
    if (server.turnComplete) {
      next = flushText(next, out);
      next = flushCalls(next, out);
      out.push(server.interrupted ? { turnComplete: true, interrupted: true } : { turnComplete: true });
    } else if (server.interrupted) {
      next = flushText(next, out);
      out.push({ interrupted: true });
    }
  }
  if (message.toolCall?.functionCalls?.length) {
    next = flushText(next, out);
    next = { ...next, calls: [...next.calls, ...message.toolCall.functionCalls] };
  }
  if (message.toolCallCancellation) out.push({ toolCallCancellation: message.toolCallCancellation });
  if (message.sessionResumptionUpdate) out.push({ liveSessionResumptionUpdate: message.sessionResumptionUpdate });
  if (message.goAway) out.push({ goAway: message.goAway });
  return { state: next, responses: out };
}

/**
 * The response of a message that is only the model's audio (its first part inline data, and no
 * report, transcription, tool call or end of turn with it): what {@link reduceLiveMessage} makes
 * of it, with the state unchanged; `undefined` for any other message. The converter hands it on
 * with no step object or array (every audio frame is one).
 *
 * @example
 * ```ts
 * liveAudioResponse({ serverContent: { modelTurn: { parts: [{ inlineData: { mimeType: 'audio/pcm;rate=24000', data } }] } } } as LiveServerMessage);
 * // { content: { role: 'model', parts: [{ inlineData }] } }
 * ```
 */
export function liveAudioResponse(message: LiveServerMessage): LlmResponse | undefined {
  const server = message.serverContent;
  const parts = server?.modelTurn?.parts;
  if (!parts?.length || parts[0]!.text || !parts[0]!.inlineData) return undefined;
  if (server!.interrupted || server!.turnComplete || server!.inputTranscription || server!.outputTranscription) return undefined;
  if (message.usageMetadata || message.toolCall || message.toolCallCancellation || message.sessionResumptionUpdate || message.goAway) return undefined;
  return { content: { role: 'model', parts } };
}

/** The model's parts: text partial and accumulated; other parts (audio) as they are. */
function modelTurn(state: LiveTurnText, parts: Part[] | undefined, interrupted: boolean | undefined, out: LlmResponse[]): LiveTurnText {
  if (!parts?.length) return state;
  const content = { role: 'model', parts };
  const first = parts[0]!;
  if (first.text) {
    out.push(interrupted ? { content, partial: true, interrupted: true } : { content, partial: true });
    return { ...state, text: state.text + first.text };
  }
  const next = first.inlineData ? state : flushText(state, out);
  out.push(interrupted ? { content, interrupted: true } : { content });
  return next;
}

/** A transcription delta (partial), then the accumulated text once `finished`. */
function transcription(state: LiveTurnText, side: 'input' | 'output', delta: Transcription | undefined, out: LlmResponse[]): LiveTurnText {
  if (!delta) return state;
  const field = side === 'input' ? 'inputTranscription' : 'outputTranscription';
  let text = state[side];
  if (delta.text) {
    out.push({ [field]: { text: delta.text, finished: false }, partial: true });
    text += delta.text;
  }
  if (!delta.finished) return { ...state, [side]: text };
  out.push({ [field]: { text, finished: true } });
  return { ...state, [side]: '' };
}

function flushText(state: LiveTurnText, out: LlmResponse[]): LiveTurnText {
  if (!state.text) return state;
  out.push({ content: { role: 'model', parts: [{ text: state.text }] } });
  return { ...state, text: '' };
}

function flushCalls(state: LiveTurnText, out: LlmResponse[]): LiveTurnText {
  if (!state.calls.length) return state;
  out.push({ content: { role: 'model', parts: state.calls.map((functionCall) => ({ functionCall })) } });
  return { ...state, calls: [] };
}

