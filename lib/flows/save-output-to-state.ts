import type { Event } from '../events/event.js';
import { isFinalResponse } from '../events/is-final-response.js';
import type { JsonSchema } from '../tools/to-gemini-schema.js';
import { parseStructuredOutput } from './parse-structured-output.js';
import { setOwn } from '../utils/set-own.js';

/** The parts of an agent that decide what its `outputKey` stores. */
export interface OutputSettings {
  readonly name: string;
  readonly outputKey: string | undefined;
  readonly outputSchema: JsonSchema | undefined;
}

/**
 * With `outputKey`, the agent's own final answer with its text added to the event's
 * `stateDelta` (with `outputSchema`: the parsed and validated object), as a new event: the flow
 * applies it before the event is emitted, so the state is committed with it. Another agent's
 * event, a non-final or partial event, and an empty answer (a pause) are returned as they are.
 *
 * @example
 * ```ts
 * saveOutputToState({ name: 'writer', outputKey: 'draft', outputSchema: undefined }, finalEvent)
 *   .actions.stateDelta; // { draft: 'Dear team, ...' }
 * ```
 */
export function saveOutputToState(agent: OutputSettings, event: Event): Event {
  if (!agent.outputKey || event.author !== agent.name || event.partial || !isFinalResponse(event)) return event;
  const text = (event.content?.parts ?? [])
    .filter((p) => p.text && !p.thought)
    .map((p) => p.text)
    .join('');
  if (!text.trim()) return event;
  const value = agent.outputSchema ? parseStructuredOutput(agent.name, agent.outputSchema, text) : text;
  return { ...event, actions: { ...event.actions, stateDelta: setOwn({ ...event.actions.stateDelta }, agent.outputKey, value) } };
}
