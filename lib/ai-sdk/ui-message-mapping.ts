import type { FunctionCall, FunctionResponse } from '@google/genai';
import type { Event } from '../events/event.js';
import { isTempKey } from '../sessions/state-delta.js';
import type { UiMessageChunk } from './ui-message-chunk.js';
import { unsentText } from '../front-ends/unsent-text.js';

/**
 * Where the mapping of one turn to UI message chunks stands: the open step (the model event it
 * belongs to), the text part being streamed (the model event's id, stable across its partial
 * events and the final one), and the state the client was last sent. Immutable.
 *
 * @example
 * ```ts
 * const start: UiMessageMapping = { state: { turns: 1 } };
 * ```
 */
export interface UiMessageMapping {
  readonly step?: string;
  readonly text?: { readonly id: string; readonly sent: string };
  readonly state: Readonly<Record<string, unknown>>;
}

/**
 * One step of the mapping: the chunks an rxadk event becomes, and the mapping after it.
 *
 * @example
 * ```ts
 * const { mapping, out }: UiMessageMappingStep = mapUiMessageEvent({ state: {} }, event);
 * ```
 */
export interface UiMessageMappingStep {
  mapping: UiMessageMapping;
  out: UiMessageChunk[];
}

/**
 * Maps one event of a turn (pure):
 *
 * | rxadk event | chunks |
 * |---|---|
 * | a model event with another id than the open step's | `finish-step` (the open one), `start-step` |
 * | partial, with text | `text-start` (first chunk), `text-delta` |
 * | final, with text | the text not streamed yet, `text-end` (`text-start` first if nothing streamed) |
 * | final, with function calls | `tool-input-start`, `tool-input-available` (a confirmation request too: its part waits for `addToolResult`) |
 * | final, with function responses | `tool-output-available` |
 * | with a state change (`temp:` keys left out) | `data-state` with id `state`: the whole state, which replaces the part |
 *
 * @example
 * ```ts
 * mapUiMessageEvent({ state: {} }, createEvent({ id: 'e1', author: 'a', partial: true, content: { role: 'model', parts: [{ text: 'Hi' }] } })).out;
 * // [start-step, text-start e1, text-delta e1 'Hi']
 * ```
 */
export function mapUiMessageEvent(mapping: UiMessageMapping, event: Event): UiMessageMappingStep {
  const stepped = enterStep(mapping, event);
  const texted = event.partial ? streamText(stepped.mapping, event) : finalText(stepped.mapping, event);
  if (event.partial) return { mapping: texted.mapping, out: [...stepped.out, ...texted.out] };
  const parts = event.content?.parts ?? [];
  const calls = parts.flatMap((part) => (part.functionCall ? toolInputChunks(event.id, part.functionCall) : []));
  const results = parts.flatMap((part) => (part.functionResponse ? [toolOutputChunk(event.id, part.functionResponse)] : []));
  const state = changedState(texted.mapping.state, event.actions.stateDelta);
  const stateChunk: UiMessageChunk[] = state ? [stateChunkOf(state)] : [];
  return { mapping: { ...texted.mapping, state: state ?? texted.mapping.state }, out: [...stepped.out, ...texted.out, ...calls, ...results, ...stateChunk] };
}

/**
 * The chunks that close a turn's mapping: the open text part's end and the open step's end.
 *
 * @example
 * ```ts
 * closeUiMessageMapping({ step: 'e1', state: {} }); // [{ type: 'finish-step' }]
 * ```
 */
export function closeUiMessageMapping(mapping: UiMessageMapping): UiMessageChunk[] {
  return [...endText(mapping).out, ...(mapping.step ? [{ type: 'finish-step' } as const] : [])];
}

/**
 * The `data-state` chunk of a state (id `state`, so that each one replaces the last).
 *
 * @example
 * ```ts
 * stateChunkOf({ turns: 1 }); // { type: 'data-state', id: 'state', data: { turns: 1 } }
 * ```
 */
export function stateChunkOf(state: Readonly<Record<string, unknown>>): UiMessageChunk {
  return { type: 'data-state', id: 'state', data: { ...state } };
}

/** A model event (not a function-response event) with another id opens a step. */
function enterStep(mapping: UiMessageMapping, event: Event): UiMessageMappingStep {
  const fromModel = event.author !== 'user' && event.content?.role !== 'user' && (event.content?.parts?.length ?? 0) > 0;
  if (!fromModel || event.id === mapping.step) return { mapping, out: [] };
  const ended = endText(mapping);
  const finish: UiMessageChunk[] = mapping.step ? [{ type: 'finish-step' }] : [];
  return { mapping: { ...ended.mapping, step: event.id }, out: [...ended.out, ...finish, { type: 'start-step' }] };
}

function streamText(mapping: UiMessageMapping, event: Event): UiMessageMappingStep {
  const text = textOf(event);
  if (!text) return { mapping, out: [] };
  const opened = openText(mapping, event.id);
  const open = opened.mapping.text!;
  return { mapping: { ...opened.mapping, text: { id: open.id, sent: open.sent + text } }, out: [...opened.out, { type: 'text-delta', id: event.id, delta: text }] };
}

function finalText(mapping: UiMessageMapping, event: Event): UiMessageMappingStep {
  const text = textOf(event);
  const streamed = mapping.text?.id === event.id ? mapping.text.sent : undefined;
  if (streamed === undefined && !text) return endText(mapping);
  const opened = openText(mapping, event.id);
  const rest = unsentText(streamed, text);
  const ended = endText(opened.mapping);
  const delta: UiMessageChunk[] = rest ? [{ type: 'text-delta', id: event.id, delta: rest }] : [];
  return { mapping: ended.mapping, out: [...opened.out, ...delta, ...ended.out] };
}

function openText(mapping: UiMessageMapping, id: string): UiMessageMappingStep {
  if (mapping.text?.id === id) return { mapping, out: [] };
  const ended = endText(mapping);
  return { mapping: { ...ended.mapping, text: { id, sent: '' } }, out: [...ended.out, { type: 'text-start', id }] };
}

function endText(mapping: UiMessageMapping): UiMessageMappingStep {
  if (!mapping.text) return { mapping, out: [] };
  const { text: _ended, ...rest } = mapping;
  return { mapping: rest, out: [{ type: 'text-end', id: mapping.text.id }] };
}

function toolInputChunks(eventId: string, call: FunctionCall): UiMessageChunk[] {
  const toolCallId = call.id ?? `${eventId}-${call.name ?? 'call'}`;
  const toolName = call.name ?? '';
  return [
    { type: 'tool-input-start', toolCallId, toolName },
    { type: 'tool-input-available', toolCallId, toolName, input: call.args ?? {} },
  ];
}

function toolOutputChunk(eventId: string, response: FunctionResponse): UiMessageChunk {
  return { type: 'tool-output-available', toolCallId: response.id ?? `${eventId}-${response.name ?? 'call'}`, output: response.response ?? {} };
}

/** The state after a delta, or `undefined` when nothing the client sees changed. */
function changedState(state: Readonly<Record<string, unknown>>, delta: Readonly<Record<string, unknown>>): Record<string, unknown> | undefined {
  const keys = Object.keys(delta).filter((key) => !isTempKey(key) && !(delta[key] === null && !Object.hasOwn(state, key)));
  if (keys.length === 0) return undefined;
  const next: Record<string, unknown> = { ...state };
  for (const key of keys) {
    if (delta[key] === null || delta[key] === undefined) delete next[key];
    else next[key] = delta[key];
  }
  return next;
}

function textOf(event: Event): string {
  return (event.content?.parts ?? []).filter((part) => typeof part.text === 'string' && !part.thought).map((part) => part.text).join('');
}
