import type { Part as A2aPart } from '@a2a-js/sdk';
import type { Part } from '@google/genai';
import type { Event } from '../events/event.js';
import { REQUEST_INPUT_FUNCTION_CALL_NAME } from '../events/framework-function-names.js';
import { genaiPartToA2aPart } from './genai-part-to-a2a-part.js';
import { A2A_CONTEXT_ID_KEY, A2A_TASK_ID_KEY } from './remote-metadata-keys.js';

/**
 * What a `RemoteA2aAgent` sends in one turn: the parts, the context id of its earlier turns and,
 * when the remote task waits for input, that task's id.
 *
 * @example
 * ```ts
 * const turn: RemoteTurn = { parts: [textPart], contextId: 'ctx-1', taskId: 'task-7' };
 * ```
 */
export interface RemoteTurn {
  parts: A2aPart[];
  contextId: string | undefined;
  taskId: string | undefined;
}

/**
 * Reads the session for the next remote turn of `agentName`: the parts of the user's events of
 * this invocation since the agent's last event (a function response answering the agent's `adk_request_input` call travels as
 * the text of its answer; any other part as {@link genaiPartToA2aPart} makes it), or `fallback`
 * when there is none; the context id of the agent's last event; and, when that event waits on
 * long-running calls (the remote task is `input-required` or `auth-required`), its task id — so
 * every follow-up to a waiting task carries it, whether the user answered in text or with a
 * function response.
 *
 * @example
 * ```ts
 * remoteTurn(ctx.session.events, 'weather', ctx.invocationId, ctx.userContent?.parts ?? []);
 * ```
 */
export function remoteTurn(events: readonly Event[], agentName: string, invocationId: string, fallback: readonly Part[]): RemoteTurn {
  const lastIndex = lastIndexOf(events, agentName);
  const last = lastIndex < 0 ? undefined : events[lastIndex];
  // only what the user said since the agent's last event: an answer that continues a paused
  // invocation must not send the invocation's first message again
  const userParts = events
    .slice(lastIndex + 1)
    .filter((event) => event.author === 'user' && event.invocationId === invocationId)
    .flatMap((event) => event.content?.parts ?? []);
  const requestIds = new Set(
    (last?.content?.parts ?? []).flatMap((part) => (part.functionCall?.name === REQUEST_INPUT_FUNCTION_CALL_NAME && part.functionCall.id ? [part.functionCall.id] : [])),
  );
  const parts = (userParts.length > 0 ? userParts : fallback).flatMap((part) => {
    const converted = requestIds.has(part.functionResponse?.id ?? '') ? answerText(part) : genaiPartToA2aPart(part);
    return converted ? [converted] : [];
  });
  const waiting = (last?.longRunningToolIds?.length ?? 0) > 0;
  return {
    parts,
    contextId: stringOf(last?.customMetadata?.[A2A_CONTEXT_ID_KEY]),
    taskId: waiting ? stringOf(last?.customMetadata?.[A2A_TASK_ID_KEY]) : undefined,
  };
}

function lastIndexOf(events: readonly Event[], agentName: string): number {
  for (let i = events.length - 1; i >= 0; i--) if (events[i]!.author === agentName && !events[i]!.partial) return i;
  return -1;
}

/** The answer to an input request as text: its `answer` or `text` field, else its JSON. */
function answerText(part: Part): A2aPart {
  const response = part.functionResponse?.response ?? {};
  const answer = response['answer'] ?? response['text'] ?? response['result'];
  const text = typeof answer === 'string' ? answer : JSON.stringify(response);
  return { content: { $case: 'text', value: text }, metadata: undefined, filename: '', mediaType: 'text/plain' };
}

function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
