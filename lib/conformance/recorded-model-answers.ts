import type { Content, Part } from '@google/genai';
import { REQUEST_INPUT_FUNCTION_CALL_NAME } from '../events/framework-function-names.js';
import type { LlmResponse } from '../models/llm-response.js';
import type { RecordedEvent, WorkflowRecording } from './workflow-recording.js';

/** The fields an event copies from the model response that produced it. */
const RESPONSE_FIELDS = ['finishReason', 'usageMetadata', 'groundingMetadata', 'citationMetadata', 'avgLogprobs', 'modelVersion'] as const;

/**
 * The model answers a workflow recording holds, by agent: every event with `content.role:
 * "model"` that an agent wrote (not a node's `adk_request_input` call, not an output event), as
 * the response that produced it (content with function-call ids dropped — rxadk makes its own —
 * and finish reason, usage, grounding, model version). In a chronological recording they come in
 * event order; in one that is not (its events carry no ids), an agent's answers come in the order
 * of their function-call ids (`fc-1`, `fc-2`: ADK numbers calls as it makes them), text answers last.
 *
 * @example
 * ```ts
 * recordedModelAnswers(readWorkflowRecording('sequence/tests/go.json')).get('generate_fruit_agent');
 * // [{ content: { role: 'model', parts: [{ text: 'Apple' }] }, finishReason: 'STOP' }]
 * ```
 */
export function recordedModelAnswers(recording: WorkflowRecording): Map<string, LlmResponse[]> {
  const byAgent = new Map<string, RecordedEvent[]>();
  for (const event of recording.events.filter(isModelAnswer)) {
    const author = event['author'] as string;
    byAgent.set(author, [...(byAgent.get(author) ?? []), event]);
  }
  return new Map(
    [...byAgent].map(([agent, events]) => [agent, (recording.chronological ? events : [...events].sort(byCallNumber)).map(responseOf)]),
  );
}

function isModelAnswer(event: RecordedEvent): boolean {
  const content = event['content'] as Content | undefined;
  if (event['author'] === 'user' || content?.role !== 'model' || 'output' in event) return false;
  return !(content.parts ?? []).some((part) => part.functionCall?.name === REQUEST_INPUT_FUNCTION_CALL_NAME);
}

function responseOf(event: RecordedEvent): LlmResponse {
  const content = event['content'] as Content;
  const response: Record<string, unknown> = { content: { ...content, parts: (content.parts ?? []).map(withoutCallId) } };
  for (const field of RESPONSE_FIELDS) if (event[field] !== undefined) response[field] = event[field];
  return response as LlmResponse;
}

function withoutCallId(part: Part): Part {
  if (!part.functionCall) return part;
  const { id: _id, ...call } = part.functionCall;
  return { ...part, functionCall: call };
}

/** By the number of the first function-call id (`fc-2` → 2); answers without calls last. */
function byCallNumber(a: RecordedEvent, b: RecordedEvent): number {
  return callNumber(a) - callNumber(b);
}

function callNumber(event: RecordedEvent): number {
  const parts = (event['content'] as Content).parts ?? [];
  const numbers = parts.map((part) => Number(/(\d+)$/.exec(part.functionCall?.id ?? '')?.[1] ?? Number.NaN)).filter((n) => !Number.isNaN(n));
  return numbers.length ? Math.min(...numbers) : Number.MAX_SAFE_INTEGER;
}
