import type { Event } from '../../lib/events/event.js';
import type { RunMessage } from './run-message.js';

const MODEL_HOOKS: ReadonlySet<string> = new Set(['beforeModel', 'afterModel']);
const TOOL_HOOKS: ReadonlySet<string> = new Set(['beforeTool', 'afterTool']);

/**
 * The id of the event whose span holds the model call or tool call behind `turn[index]` (what
 * `GET /dev/apps/{app}/debug/trace/{eventId}` answers for), or `undefined` when the row has none:
 *
 * - an agent's event: its own id (streamed chunks share their final event's id);
 * - a model hook (`beforeModel`, `afterModel`): the first event of that agent after it — the
 *   event that model call produced;
 * - a tool hook (`beforeTool`, `afterTool`): the first event after it answering that function
 *   call (`functionResponse` with the hook's `functionCallId`).
 *
 * @example
 * ```ts
 * spanEventIdOf([{ kind: 'trace', entry: beforeModel }, { kind: 'event', event }], 0); // event.id
 * ```
 */
export function spanEventIdOf(turn: readonly RunMessage[], index: number): string | undefined {
  const message = turn[index];
  if (message?.kind === 'event') return message.event.author === 'user' ? undefined : message.event.id;
  if (message?.kind !== 'trace') return undefined;
  const { hook, agent, functionCallId } = message.entry;
  const later = turn.slice(index + 1).flatMap((next) => (next.kind === 'event' ? [next.event] : []));
  if (MODEL_HOOKS.has(hook)) return later.find((event) => event.author === agent)?.id;
  if (TOOL_HOOKS.has(hook)) return later.find((event) => answers(event, functionCallId))?.id;
  return undefined;
}

function answers(event: Event, functionCallId: string | undefined): boolean {
  return (event.content?.parts ?? []).some((part) => part.functionResponse !== undefined && (!functionCallId || part.functionResponse.id === functionCallId));
}
