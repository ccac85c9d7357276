import type { Content } from '@google/genai';
import type { Event } from '../../lib/events/event.js';
import type { TraceEntry } from '../../lib/server/trace-entry.js';
import type { RunMessage } from './run-message.js';

/** The hooks that end a run: a turn recorded without either was cut short. */
const ENDING_HOOKS: ReadonlySet<string> = new Set(['afterRun', 'onRunError']);
const UNFINISHED = 'The run ended without afterRun: it was cancelled (Stop, or its connection closed), or it is still running elsewhere.';

/**
 * One past turn of a session, rebuilt for display.
 *
 * @example
 * ```ts
 * const [first]: HistoryTurn[] = historyTurns(session.events, traces);
 * first.messages.forEach((message) => timeline.append(message));
 * ```
 */
export interface HistoryTurn {
  invocationId: string;
  /** The user's message that started it. */
  userContent: Content | undefined;
  /** Its hooks and events in the order they happened. */
  messages: RunMessage[];
}

/**
 * Rebuilds the turns of a stored session in the order the live stream showed them: each
 * invocation's recorded hooks by sequence number, each stored event placed right after the
 * `onEvent` entry that announced it. Without recorded hooks (e.g. after the server restarted,
 * traces being kept in memory) a turn is its stored events alone. Partial events are not
 * stored: they are rebuilt from their `onEvent` entries (author and text). A recorded turn with
 * neither `afterRun` nor `onRunError` was cut short (Stop): it ends with a `cancelled` message.
 *
 * @example
 * ```ts
 * const turns = historyTurns(session.events, traces);
 * turns[0].messages.map((m) => m.kind); // ['trace', 'trace', ..., 'trace', 'event', ...]
 * ```
 */
export function historyTurns(events: readonly Event[], traces: readonly TraceEntry[]): HistoryTurn[] {
  const entriesByInvocation = groupBy([...traces].sort((a, b) => a.seq - b.seq), (entry) => entry.invocationId);
  const eventsByInvocation = groupBy(events, (event) => event.invocationId);
  const ids = unique([...events.map((event) => event.invocationId), ...[...entriesByInvocation.keys()]]);
  return ids.map((invocationId) => turnOf(invocationId, eventsByInvocation.get(invocationId) ?? [], entriesByInvocation.get(invocationId) ?? []));
}

function turnOf(invocationId: string, events: readonly Event[], entries: readonly TraceEntry[]): HistoryTurn {
  // a compaction event is authored 'user' but is no message: it shows as a summary row
  const userEvent = events.find((event) => event.author === 'user' && !event.actions?.compaction);
  const agentEvents = events.filter((event) => event !== userEvent);
  const byId = new Map(agentEvents.map((event) => [event.id, event]));
  const messages: RunMessage[] = [];
  for (const entry of entries) {
    messages.push({ kind: 'trace', entry });
    if (entry.hook !== 'onEvent' || !entry.eventId) continue;
    // Streamed chunks share the id of the response's final event: only a final entry places it.
    const event = entry.partial ? streamedChunkOf(entry) : byId.get(entry.eventId);
    if (!event) continue;
    messages.push({ kind: 'event', event });
    if (!event.partial) byId.delete(event.id);
  }
  for (const event of byId.values()) messages.push({ kind: 'event', event });
  if (entries.length > 0 && !entries.some((entry) => ENDING_HOOKS.has(entry.hook))) messages.push({ kind: 'cancelled', detail: UNFINISHED });
  return { invocationId, userContent: userEvent?.content, messages };
}

/** A streamed chunk is not stored; its `onEvent` entry still says who sent what. */
function streamedChunkOf(entry: TraceEntry): Event {
  return {
    id: entry.eventId ?? '',
    invocationId: entry.invocationId,
    author: entry.author ?? '',
    partial: true,
    content: { role: 'model', parts: [{ text: entry.detail ?? '' }] },
    actions: { stateDelta: {}, artifactDelta: {}, requestedToolConfirmations: {} },
    timestamp: entry.time,
  };
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}
