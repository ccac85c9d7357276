import type { Event } from '../../lib/events/event.js';
import { getConfirmationRequests } from '../../lib/events/confirmation-requests.js';
import { getFunctionCalls } from '../../lib/events/get-function-calls.js';
import { getFunctionResponses } from '../../lib/events/get-function-responses.js';
import type { TraceEntry, TraceHook } from '../../lib/server/trace-entry.js';
import { compactJson } from './dom.js';
import type { RunMessage } from './run-message.js';

/**
 * The colour family of a row: Runner hooks, agent, model and tool hooks, events, errors.
 *
 * @example
 * ```ts
 * const tone: RowTone = timelineRowOf(message).tone; // 'model'
 * ```
 */
export type RowTone = 'run' | 'agent' | 'model' | 'tool' | 'event' | 'error' | 'user';

/**
 * One line of the event timeline: what to show, how deep to indent it (Runner 0, agent 1,
 * model and tool 2: the seed's timing diagram read top to bottom), and its colour family.
 *
 * @example
 * ```ts
 * const row: TimelineRow = { kind: 'hook', hook: 'beforeTool', label: 'beforeTool', level: 2, tone: 'tool',
 *                            meta: ['#8', 'weather_agent', 'get_weather', '+4.1 ms'], details: ['{"city":"Paris"}'] };
 * ```
 */
export interface TimelineRow {
  kind: 'hook' | 'event' | 'error' | 'user' | 'cancelled';
  hook?: TraceHook;
  label: string;
  level: number;
  tone: RowTone;
  meta: string[];
  details: string[];
  partial?: boolean;
}

const LEVELS: Record<TraceHook, number> = {
  onUserMessage: 0,
  beforeRun: 0,
  onEvent: 1,
  afterRun: 0,
  onRunError: 0,
  beforeAgent: 1,
  afterAgent: 1,
  beforeModel: 2,
  afterModel: 2,
  onModelError: 2,
  beforeTool: 2,
  afterTool: 2,
  onToolError: 2,
};

/**
 * The timeline row for a message of a turn.
 *
 * @example
 * ```ts
 * timelineRowOf({ kind: 'error', error: 'boom' }); // { kind: 'error', label: 'error', tone: 'error', details: ['boom'], ... }
 * ```
 */
export function timelineRowOf(message: RunMessage): TimelineRow {
  switch (message.kind) {
    case 'trace':
      return hookRow(message.entry);
    case 'event':
      return eventRow(message.event);
    case 'error':
      return { kind: 'error', label: 'error', level: 0, tone: 'error', meta: [], details: [message.error] };
    case 'user':
      return { kind: 'user', label: 'user', level: 0, tone: 'user', meta: [], details: [] };
    case 'cancelled':
      return { kind: 'cancelled', label: 'cancelled', level: 0, tone: 'error', meta: [], details: [message.detail ?? 'Stop: the run was unsubscribed and its connection closed; nothing more is stored.'] };
  }
}

function hookRow(entry: TraceEntry): TimelineRow {
  const meta = [
    `#${entry.seq}`,
    entry.agent,
    entry.tool,
    entry.author && `by ${entry.author}`,
    entry.plugins?.length ? `plugins: ${entry.plugins.join(', ')}` : undefined,
    entry.callbacks ? `callbacks ×${entry.callbacks}` : undefined,
    `+${entry.elapsedMs.toFixed(1)} ms`,
  ].filter((item): item is string => Boolean(item));
  // an onEvent entry is followed by the event itself, which shows what it carries
  const detail = entry.hook === 'onEvent' ? undefined : entry.detail;
  const details = [detail, entry.error && `error: ${entry.error}`].filter((item): item is string => Boolean(item));
  return {
    kind: 'hook',
    hook: entry.hook,
    label: entry.hook,
    level: LEVELS[entry.hook] ?? 0,
    tone: entry.error ? 'error' : toneOf(entry.hook),
    meta,
    details,
    ...(entry.partial ? { partial: true } : {}),
  };
}

function toneOf(hook: TraceHook): RowTone {
  if (hook.endsWith('Agent')) return 'agent';
  if (hook.endsWith('Model') || hook === 'onModelError') return 'model';
  if (hook.endsWith('Tool') || hook === 'onToolError') return 'tool';
  if (hook === 'onEvent') return 'event';
  return 'run';
}

function eventRow(event: Event): TimelineRow {
  const meta = [event.author, event.partial ? 'partial' : 'final', event.id && `id ${event.id}`].filter((item): item is string => Boolean(item));
  return {
    kind: 'event',
    label: 'event',
    level: 1,
    tone: event.errorMessage ? 'error' : 'event',
    meta,
    details: eventDetails(event),
    ...(event.partial ? { partial: true } : {}),
  };
}

/**
 * What an event carries, one line each: text, function calls and responses, confirmation
 * requests, state and artifact deltas, transfer, escalation, error.
 *
 * @example
 * ```ts
 * eventDetails(event); // ['text: It is sunny in Paris.', 'stateDelta: {"turns":1}']
 * ```
 */
export function eventDetails(event: Event): string[] {
  const text = (event.content?.parts ?? []).map((part) => (part.thought ? '' : (part.text ?? ''))).join('');
  const actions = event.actions ?? {};
  const confirmations = getConfirmationRequests(event);
  return [
    text && `text: ${text}`,
    ...getFunctionCalls(event).map((call) => `functionCall: ${call.name}(${compactJson(call.args ?? {})})`),
    ...getFunctionResponses(event).map((response) => `functionResponse: ${response.name} → ${compactJson(response.response ?? {})}`),
    ...confirmations.map((request) => `confirmation requested: ${request.toolConfirmation.hint ?? request.originalFunctionCall.name}`),
    nonEmpty(actions.stateDelta) && `stateDelta: ${compactJson(actions.stateDelta)}`,
    nonEmpty(actions.artifactDelta) && `artifactDelta: ${compactJson(actions.artifactDelta)}`,
    nonEmpty(actions.requestedToolConfirmations) && `requestedToolConfirmations: ${Object.keys(actions.requestedToolConfirmations).join(', ')}`,
    actions.transferToAgent && `transferToAgent: ${actions.transferToAgent}`,
    actions.escalate && 'escalate',
    actions.compaction &&
      `compaction [${actions.compaction.startTimestamp} – ${actions.compaction.endTimestamp}]: ${(actions.compaction.compactedContent.parts ?? []).map((part) => part.text ?? '').join('')}`,
    event.errorMessage && `error: ${event.errorCode ?? ''} ${event.errorMessage}`.trim(),
  ].filter((line): line is string => Boolean(line));
}

function nonEmpty(record: Record<string, unknown> | undefined): boolean {
  return record !== undefined && Object.keys(record).length > 0;
}
