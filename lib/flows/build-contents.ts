import type { Content, Part } from '@google/genai';
import type { Event } from '../events/event.js';
import { getFunctionCalls } from '../events/get-function-calls.js';
import { getFunctionResponses } from '../events/get-function-responses.js';
import { isCompactionEvent } from '../events/event-compaction.js';
import { applyCompactionEvent } from './apply-compaction-event.js';
import { pythonRepr } from '../utils/python-repr.js';
import {
  CLIENT_FUNCTION_CALL_ID_PREFIX,
  REQUEST_CONFIRMATION_FUNCTION_CALL_NAME,
  REQUEST_EUC_FUNCTION_CALL_NAME,
} from '../events/framework-function-names.js';

/** One event of the history as the model will see it. */
interface HistoryItem {
  event: Event;
  content: Content;
}

/**
 * The conversation history an agent's model sees (ADK's contents processor), pure:
 *
 * - events without role or parts, with an empty first text, partial chunks, and the framework's
 *   own confirmation/credential calls are left out;
 * - only events of the agent's branch (and of its ancestors' branches) are kept, and none of a
 *   tool call's own run (on branch `<tool>@<call id>`: a `NodeTool`'s node events and the
 *   answers to its input requests): the model sees the call and its response;
 * - the user's and this agent's events are kept as they are; other agents' events become user
 *   content: `For context:` then `[agent] said: …` / `[agent] called tool \`x\` with parameters: {…}` /
 *   `[agent] \`x\` tool returned result: {…}` (payloads printed as Python prints dicts);
 * - function responses are moved next to their calls (long-running tools answered later);
 * - framework-generated function-call ids (`adk-…`) are removed;
 * - compaction events replace the events they cover with their summary ({@link applyCompactionEvent}).
 *
 * @example
 * ```ts
 * buildContents(session.events, 'weather_agent', undefined);
 * // [{ role: 'user', parts: [{ text: 'Weather in Paris?' }] }, { role: 'model', parts: [{ functionCall: ... }] }, ...]
 * ```
 */
export function buildContents(events: readonly Event[], agentName: string, branch: string | undefined): Content[] {
  const key = `${agentName}\u0000${branch ?? ''}`;
  const state = extendHistory(cachedPrefix(events, key) ?? newHistory(key), events, agentName, branch);
  remember(events, state);
  if (!state.detached) return state.contents.slice();
  const arranged = rearrangeAsyncFunctionResponses(rearrangeLatestFunctionResponse(state.items));
  return arranged.map((item) => withoutClientFunctionCallIds(item.content));
}

/**
 * The history built so far for one agent and branch: the model-visible items of the first
 * `count` events, their contents as the model sees them, and whether some function response is
 * not right after its call (only then must the history be rearranged).
 */
interface HistoryState {
  /** The agent and branch it is the history of (`agent\u0000branch`), its key in the cache. */
  key: string;
  count: number;
  items: HistoryItem[];
  contents: Content[];
  detached: boolean;
  /** The branch segments of the tool calls seen so far (`<tool>@<call id>`), whose events are the call's own. */
  toolBranches: Set<string>;
}

/**
 * Histories are append-only, so a model call's history extends the previous call's: each state
 * is remembered under the last event it covers, and a later call takes over the one it finds near
 * the end of its events (removing it from the cache, then extending it in place: one state is kept
 * per agent, branch and session). A turn then costs what its new events cost, not the whole session.
 * An event holds its one state itself (the usual case: one agent's history ends there), or a `Map`
 * by key when several agents' or branches' histories end at the same event.
 */
const historyCache = new WeakMap<Event, HistoryState | Map<string, HistoryState>>();
const LOOKBACK = 64;

function cachedPrefix(events: readonly Event[], key: string): HistoryState | undefined {
  for (let i = events.length - 1; i >= 0 && i >= events.length - LOOKBACK; i--) {
    const held = historyCache.get(events[i]!);
    const state = held instanceof Map ? held.get(key) : held?.key === key ? held : undefined;
    if (state && state.count === i + 1) {
      forget(events[i]!, held!, key); // superseded by the state this call builds: keep one per history
      return state;
    }
  }
  return undefined;
}

function forget(event: Event, held: HistoryState | Map<string, HistoryState>, key: string): void {
  if (held instanceof Map) held.delete(key);
  if (!(held instanceof Map) || held.size === 0) historyCache.delete(event);
}

function remember(events: readonly Event[], state: HistoryState): void {
  const last = events[events.length - 1];
  if (!last) return;
  const held = historyCache.get(last);
  if (held instanceof Map) held.set(state.key, state);
  else if (held && held.key !== state.key) historyCache.set(last, new Map([[held.key, held], [state.key, state]]));
  else historyCache.set(last, state);
}

function newHistory(key: string): HistoryState {
  return { key, count: 0, items: [], contents: [], detached: false, toolBranches: new Set<string>() };
}

/** Extends the state taken over from the cache, or a new one, in place (no one else holds it). */
function extendHistory(state: HistoryState, events: readonly Event[], agentName: string, branch: string | undefined): HistoryState {
  for (let i = state.count; i < events.length; i++) {
    const event = events[i]!;
    // every new event: its parts read in place, no array of calls built
    for (const part of event.content?.parts ?? NO_PARTS) {
      const call = part.functionCall;
      if (call?.id) state.toolBranches.add(`${call.name ?? ''}@${call.id}`);
    }
    if (isToolCallRun(event, state.toolBranches)) continue;
    if (event.actions.compaction) {
      if (isCompactionEvent(event) && belongsToBranch(branch, event)) compactHistory(state, event, agentName);
      continue;
    }
    if (!isModelVisible(event) || !belongsToBranch(branch, event)) continue;
    const item = isOtherAgentReply(agentName, event) ? { event, content: foreignContent(event) } : { event, content: event.content! };
    state.detached ||= isDetachedResponse(item, state.items[state.items.length - 1]);
    state.items.push(item);
    state.contents.push(withoutClientFunctionCallIds(item.content));
  }
  state.count = events.length;
  return state;
}

/** An event of a tool call's own run: its branch holds a `<tool>@<call id>` segment of a call seen before. */
function isToolCallRun(event: Event, toolBranches: ReadonlySet<string>): boolean {
  return event.branch !== undefined && toolBranches.size > 0 && event.branch.split('.').some((segment) => toolBranches.has(segment));
}

/** Applies a compaction event to the history built so far (its cost is the compacted history's, not the session's). */
function compactHistory(state: HistoryState, event: Parameters<typeof applyCompactionEvent>[1], agentName: string): void {
  state.items = applyCompactionEvent(state.items, event, agentName, (summary, content) => ({ event: summary, content }));
  state.contents = state.items.map((item) => withoutClientFunctionCallIds(item.content));
  state.detached = state.items.some((item, i) => isDetachedResponse(item, state.items[i - 1]));
}

/** A function response that does not answer calls of the item right before it. */
function isDetachedResponse(item: HistoryItem, previous: HistoryItem | undefined): boolean {
  if (!item.content.parts?.some(isFunctionResponsePart)) return false;
  const responses = responsesOf(item);
  if (!responses.length) return false;
  const callIds = new Set(previous ? callsOf(previous).map((c) => c.id) : []);
  return responses.some((r) => !callIds.has(r.id));
}

/**
 * The history of the current turn only (`includeContents: 'none'`): from the latest event that
 * came from the user or from another agent.
 *
 * @example
 * ```ts
 * buildCurrentTurnContents(session.events, 'summariser', undefined); // from the latest user message on
 * ```
 */
export function buildCurrentTurnContents(events: readonly Event[], agentName: string, branch: string | undefined): Content[] {
  for (let i = events.length - 1; i >= 0; i--) {
    const event = events[i]!;
    if (event.actions.compaction) continue; // authored 'user', but not a message
    if (event.author === 'user' || isOtherAgentReply(agentName, event)) return buildContents(events.slice(i), agentName, branch);
  }
  return [];
}

function isModelVisible(event: Event): boolean {
  const content = event.content;
  if (event.partial || !content?.role || !content.parts?.length || content.parts[0]!.text === '') return false;
  return !content.parts.some(
    (p) => isFrameworkName(p.functionCall?.name) || isFrameworkName(p.functionResponse?.name),
  );
}

function isFrameworkName(name: string | undefined): boolean {
  return name === REQUEST_CONFIRMATION_FUNCTION_CALL_NAME || name === REQUEST_EUC_FUNCTION_CALL_NAME;
}

/**
 * An event belongs to a branch when it has none, or its branch is the branch or an ancestor of it.
 *
 * @example
 * ```ts
 * belongsToBranch('par.a', createEvent({ author: 'x', branch: 'par' })); // true
 * belongsToBranch('par.a', createEvent({ author: 'x', branch: 'par.b' })); // false
 * ```
 */
export function belongsToBranch(branch: string | undefined, event: Event): boolean {
  if (!branch || !event.branch) return true;
  return branch === event.branch || branch.startsWith(`${event.branch}.`);
}

function isOtherAgentReply(agentName: string, event: Event): boolean {
  return !!agentName && event.author !== agentName && event.author !== 'user';
}

const foreignCache = new WeakMap<Event, Content>();

/**
 * Another agent's event as user content ("For context: [agent] said: ...").
 *
 * @example
 * ```ts
 * foreignContent(otherAgentEvent);
 * // { role: 'user', parts: [{ text: 'For context:' }, { text: '[writer] said: Draft 1' }] }
 * ```
 */
export function foreignContent(event: Event): Content {
  const cached = foreignCache.get(event);
  if (cached) return cached;
  const parts: Part[] = [{ text: 'For context:' }];
  for (const part of event.content?.parts ?? []) {
    if (part.text && !part.thought) parts.push({ text: `[${event.author}] said: ${part.text}` });
    else if (part.functionCall) {
      parts.push({
        text: `[${event.author}] called tool \`${part.functionCall.name}\` with parameters: ${pythonRepr(part.functionCall.args ?? {})}`,
      });
    } else if (part.functionResponse) {
      parts.push({
        text: `[${event.author}] \`${part.functionResponse.name}\` tool returned result: ${pythonRepr(part.functionResponse.response ?? {})}`,
      });
    } else if (!part.thought) parts.push(part);
  }
  const content: Content = { role: 'user', parts };
  foreignCache.set(event, content);
  return content;
}

/**
 * When the history ends with a function response to an earlier (asynchronous) call, drop what
 * came in between and put the (merged) responses right after the call.
 */
function rearrangeLatestFunctionResponse(items: HistoryItem[]): HistoryItem[] {
  if (items.length < 2) return items;
  const responses = responsesOf(items[items.length - 1]!);
  if (!responses.length) return items;
  const responseIds = new Set(responses.map((r) => r.id));
  if (callsOf(items[items.length - 2]!).some((c) => responseIds.has(c.id))) return items;
  let callIndex = -1;
  for (let i = items.length - 2; i >= 0 && callIndex < 0; i--) {
    const calls = callsOf(items[i]!);
    if (calls.some((c) => responseIds.has(c.id))) {
      callIndex = i;
      for (const call of calls) responseIds.add(call.id);
    }
  }
  if (callIndex < 0) return items;
  const responseItems = items
    .slice(callIndex + 1, -1)
    .filter((item) => responsesOf(item).some((r) => responseIds.has(r.id)));
  responseItems.push(items[items.length - 1]!);
  return [...items.slice(0, callIndex + 1), mergeResponseItems(responseItems)];
}

/** Puts each function call's response(s) right after it, merging responses that arrived apart. */
function rearrangeAsyncFunctionResponses(items: HistoryItem[]): HistoryItem[] {
  const responseIndexById = new Map<string | undefined, number>();
  items.forEach((item, index) => {
    for (const response of responsesOf(item)) responseIndexById.set(response.id, index);
  });
  if (responseIndexById.size === 0) return items;
  const result: HistoryItem[] = [];
  for (const item of items) {
    if (responsesOf(item).length) continue;
    result.push(item);
    const calls = callsOf(item);
    if (!calls.length) continue;
    const indices = [...new Set(calls.map((c) => responseIndexById.get(c.id)).filter((i): i is number => i !== undefined))].sort(
      (a, b) => a - b,
    );
    if (indices.length === 1) result.push(items[indices[0]!]!);
    else if (indices.length > 1) result.push(mergeResponseItems(indices.map((i) => items[i]!)));
  }
  return result;
}

/** Later responses replace earlier ones with the same id; other parts are appended. */
function mergeResponseItems(items: HistoryItem[]): HistoryItem {
  if (items.length === 1) return items[0]!;
  const parts = [...(items[0]!.content.parts ?? [])];
  const indexById = new Map<string | undefined, number>();
  parts.forEach((p, i) => p.functionResponse && indexById.set(p.functionResponse.id, i));
  for (const item of items.slice(1)) {
    for (const part of item.content.parts ?? []) {
      const id = part.functionResponse?.id;
      if (part.functionResponse && indexById.has(id)) parts[indexById.get(id)!] = part;
      else {
        parts.push(part);
        if (part.functionResponse) indexById.set(id, parts.length - 1);
      }
    }
  }
  return { event: items[0]!.event, content: { ...items[0]!.content, parts } };
}

const NO_PARTS: readonly Part[] = [];

function isFunctionResponsePart(part: Part): boolean {
  return !!part.functionResponse;
}

// Another agent's calls and responses were turned into text, so only the item's content counts.
function callsOf(item: HistoryItem) {
  return getFunctionCalls({ content: item.content });
}

function responsesOf(item: HistoryItem) {
  return getFunctionResponses({ content: item.content });
}

const strippedCache = new WeakMap<Content, Content>();

/**
 * The content without framework-generated function-call ids (a copy only when there are some).
 *
 * @example
 * ```ts
 * withoutClientFunctionCallIds({ role: 'model', parts: [{ functionCall: { id: 'adk-1', name: 'f' } }] });
 * // { role: 'model', parts: [{ functionCall: { name: 'f' } }] }
 * ```
 */
export function withoutClientFunctionCallIds(content: Content): Content {
  const cached = strippedCache.get(content);
  if (cached) return cached;
  const parts = content.parts ?? [];
  if (!parts.some((p) => isClientId(p.functionCall?.id) || isClientId(p.functionResponse?.id))) return content;
  const stripped: Content = {
    ...content,
    parts: parts.map((p) => {
      if (isClientId(p.functionCall?.id)) {
        const { id: _id, ...call } = p.functionCall!;
        return { ...p, functionCall: call };
      }
      if (isClientId(p.functionResponse?.id)) {
        const { id: _id, ...response } = p.functionResponse!;
        return { ...p, functionResponse: response };
      }
      return p;
    }),
  };
  strippedCache.set(content, stripped);
  return stripped;
}

function isClientId(id: string | undefined): boolean {
  return !!id && id.startsWith(CLIENT_FUNCTION_CALL_ID_PREFIX);
}
