import type { FunctionCall, FunctionResponse } from '@google/genai';
import { type BaseEvent, EventType } from '@ag-ui/core';
import type { Event } from '../events/event.js';
import { statePatch } from './state-patch.js';
import { unsentText } from '../front-ends/unsent-text.js';

/**
 * Where the mapping of one run stands: the text message being streamed (its id is the model
 * event's, stable across the partial events and the final one), the open step (the agent that
 * authors the events), and the state the client holds. Immutable: each step returns a new one.
 *
 * @example
 * ```ts
 * const start: AgUiMapping = { state: { turns: 1 } };
 * ```
 */
export interface AgUiMapping {
  readonly text?: { readonly id: string; readonly sent: string };
  readonly step?: string;
  readonly state: Readonly<Record<string, unknown>>;
}

/**
 * One step of the mapping: the AG-UI events an rxadk event becomes, and the mapping after it.
 *
 * @example
 * ```ts
 * const { mapping, out }: AgUiMappingStep = mapAgUiEvent({ state: {} }, event);
 * ```
 */
export interface AgUiMappingStep {
  mapping: AgUiMapping;
  out: BaseEvent[];
}

/**
 * Maps one event of a turn (pure):
 *
 * | rxadk event | AG-UI events |
 * |---|---|
 * | another author than the open step's | `STEP_FINISHED` (the open one), `STEP_STARTED` (the author) |
 * | partial, with text | `TEXT_MESSAGE_START` (first chunk), `TEXT_MESSAGE_CONTENT` |
 * | final, with text | the text not streamed yet, then `TEXT_MESSAGE_END` (`START` first if nothing streamed) |
 * | final, with function calls | `TOOL_CALL_START` (parent: the event's id), `TOOL_CALL_ARGS` (the JSON), `TOOL_CALL_END` |
 * | final, with function responses | `TOOL_CALL_RESULT` (the response as JSON) |
 * | with a state delta | `STATE_DELTA` (JSON Patch against the client's state; `temp:` keys left out) |
 *
 * A text message still open when another message starts is ended first.
 *
 * @example
 * ```ts
 * mapAgUiEvent({ state: {} }, createEvent({ id: 'e1', author: 'a', partial: true, content: { role: 'model', parts: [{ text: 'Hi' }] } })).out;
 * // [STEP_STARTED a, TEXT_MESSAGE_START e1, TEXT_MESSAGE_CONTENT e1 'Hi']
 * ```
 */
export function mapAgUiEvent(mapping: AgUiMapping, event: Event): AgUiMappingStep {
  const stepped = enterStep(mapping, event.author);
  const texted = event.partial ? streamText(stepped.mapping, event) : finalText(stepped.mapping, event);
  if (event.partial) return { mapping: texted.mapping, out: [...stepped.out, ...texted.out] };
  const calls = (event.content?.parts ?? []).flatMap((part) => (part.functionCall ? toolCallEvents(event.id, part.functionCall) : []));
  const results = (event.content?.parts ?? []).flatMap((part) => (part.functionResponse ? [toolResultEvent(event.id, part.functionResponse)] : []));
  const { patch, state } = statePatch(texted.mapping.state, event.actions.stateDelta);
  const delta: BaseEvent[] = patch.length > 0 ? [{ type: EventType.STATE_DELTA, delta: patch } as BaseEvent] : [];
  return { mapping: { ...texted.mapping, state }, out: [...stepped.out, ...texted.out, ...calls, ...results, ...delta] };
}

/**
 * The events that close a run's mapping: the open text message's end and the open step's end.
 *
 * @example
 * ```ts
 * closeAgUiMapping({ step: 'weather_agent', state: {} }); // [STEP_FINISHED weather_agent]
 * ```
 */
export function closeAgUiMapping(mapping: AgUiMapping): BaseEvent[] {
  return [...endText(mapping).out, ...(mapping.step ? [stepEvent(EventType.STEP_FINISHED, mapping.step)] : [])];
}

function enterStep(mapping: AgUiMapping, author: string): AgUiMappingStep {
  if (author === 'user' || author === mapping.step) return { mapping, out: [] };
  const ended = endText(mapping);
  const finish = mapping.step ? [stepEvent(EventType.STEP_FINISHED, mapping.step)] : [];
  return { mapping: { ...ended.mapping, step: author }, out: [...ended.out, ...finish, stepEvent(EventType.STEP_STARTED, author)] };
}

function streamText(mapping: AgUiMapping, event: Event): AgUiMappingStep {
  const text = textOf(event);
  if (!text) return { mapping, out: [] };
  const opened = openText(mapping, event.id);
  const open = opened.mapping.text!;
  return {
    mapping: { ...opened.mapping, text: { id: open.id, sent: open.sent + text } },
    out: [...opened.out, content(event.id, text)],
  };
}

function finalText(mapping: AgUiMapping, event: Event): AgUiMappingStep {
  const text = textOf(event);
  const streamed = mapping.text?.id === event.id ? mapping.text.sent : undefined;
  if (streamed === undefined && !text) return endText(mapping);
  const opened = openText(mapping, event.id);
  const rest = unsentText(streamed, text);
  const ended = endText(opened.mapping);
  return { mapping: ended.mapping, out: [...opened.out, ...(rest ? [content(event.id, rest)] : []), ...ended.out] };
}

/** The message `id` open: as it is, or after ending another one and starting it. */
function openText(mapping: AgUiMapping, id: string): AgUiMappingStep {
  if (mapping.text?.id === id) return { mapping, out: [] };
  const ended = endText(mapping);
  const start = { type: EventType.TEXT_MESSAGE_START, messageId: id, role: 'assistant' } as BaseEvent;
  return { mapping: { ...ended.mapping, text: { id, sent: '' } }, out: [...ended.out, start] };
}

function endText(mapping: AgUiMapping): AgUiMappingStep {
  if (!mapping.text) return { mapping, out: [] };
  const { text: _ended, ...rest } = mapping;
  return { mapping: rest, out: [{ type: EventType.TEXT_MESSAGE_END, messageId: mapping.text.id } as BaseEvent] };
}

function content(messageId: string, delta: string): BaseEvent {
  return { type: EventType.TEXT_MESSAGE_CONTENT, messageId, delta } as BaseEvent;
}

function stepEvent(type: EventType.STEP_STARTED | EventType.STEP_FINISHED, stepName: string): BaseEvent {
  return { type, stepName } as BaseEvent;
}

function toolCallEvents(parentMessageId: string, call: FunctionCall): BaseEvent[] {
  const toolCallId = call.id ?? `${parentMessageId}-${call.name ?? 'call'}`;
  return [
    { type: EventType.TOOL_CALL_START, toolCallId, toolCallName: call.name ?? '', parentMessageId } as BaseEvent,
    { type: EventType.TOOL_CALL_ARGS, toolCallId, delta: JSON.stringify(call.args ?? {}) } as BaseEvent,
    { type: EventType.TOOL_CALL_END, toolCallId } as BaseEvent,
  ];
}

function toolResultEvent(eventId: string, response: FunctionResponse): BaseEvent {
  const toolCallId = response.id ?? `${eventId}-${response.name ?? 'call'}`;
  return { type: EventType.TOOL_CALL_RESULT, messageId: `${eventId}-${toolCallId}`, toolCallId, content: JSON.stringify(response.response ?? {}), role: 'tool' } as BaseEvent;
}

/** The visible text of an event: its text parts, thoughts left out. */
function textOf(event: Event): string {
  return (event.content?.parts ?? []).filter((part) => typeof part.text === 'string' && !part.thought).map((part) => part.text).join('');
}
