import type { LlmResponse } from '../models/llm-response.js';
import { schedulerClock } from '../utils/clock.js';
import { defaultIdGenerator } from '../utils/ids.js';
import { createEventActions, type EventActions } from './event-actions.js';
import type { NodeInfo } from './node-info.js';

/**
 * One atomic message of a conversation: a user message, a model answer or chunk, a tool call or
 * result, a state change. Plain, JSON-serialisable data; the Runner stores it in the session.
 */
export interface Event extends LlmResponse {
  id: string;
  invocationId: string;
  /** `'user'` or the name of the agent that produced the event. */
  author: string;
  /** The agent path that produced it, e.g. `'parallel.child'` (see ParallelAgent). */
  branch?: string;
  actions: EventActions;
  /** Function-call ids of long-running tools (and confirmation requests) the turn waits on. */
  longRunningToolIds?: string[];
  /** Milliseconds. */
  timestamp: number;
  /** The workflow node run that produced the event (see `Workflow`). */
  nodeInfo?: NodeInfo;
  /** A workflow node's output (JSON data); such an event carries no content. */
  output?: unknown;
}

/** What {@link createEvent} needs: everything is optional but the author. */
export type EventInit = Partial<Omit<Event, 'actions'>> & { author: string; actions?: Partial<EventActions> };

/**
 * Builds an {@link Event}: a fresh id, the scheduler clock's timestamp and empty actions unless
 * given. Inside an agent, prefer `ctx.createEvent(...)`, which also fills the invocation id,
 * author and branch and uses the Runner's id generator and clock.
 *
 * @example
 * ```ts
 * const e = createEvent({ author: 'user', content: { role: 'user', parts: [{ text: 'hi' }] } });
 * e.actions.stateDelta; // {}
 * ```
 */
export function createEvent(init: EventInit): Event {
  const { id = defaultIdGenerator(), invocationId = '', timestamp = schedulerClock(), actions, ...rest } = init;
  return { id, invocationId, timestamp, ...rest, actions: createEventActions(actions) };
}
