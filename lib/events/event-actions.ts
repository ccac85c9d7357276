import type { RouteValue } from './node-info.js';
import type { EventCompaction } from './event-compaction.js';
import type { ToolConfirmation } from './tool-confirmation.js';

/**
 * The side effects an event asks the Runner to commit, and the control signals it carries.
 */
export interface EventActions {
  /** State changes; a `null` value deletes the key. `temp:` keys are never persisted. */
  stateDelta: Record<string, unknown>;
  /** Artifacts saved while building this event: filename → version. */
  artifactDelta: Record<string, number>;
  /** The agent to hand the conversation to (set by `transfer_to_agent`). */
  transferToAgent?: string;
  /** Ends the enclosing LoopAgent (and a ParallelAgent's branches). */
  escalate?: boolean;
  /** The tool result is the final answer: no further model call summarises it. */
  skipSummarization?: boolean;
  /** Confirmations requested by tools, keyed by function-call id. */
  requestedToolConfirmations: Record<string, ToolConfirmation>;
  /**
   * The agent that authored this event has finished (a resumable app's checkpoint, ADK's
   * `end_of_agent`): a resumed invocation does not run it again.
   */
  endOfAgent?: boolean;
  /** The route(s) a workflow node takes (the keys of its routing map); see `Workflow`. */
  route?: RouteValue | RouteValue[];
  /**
   * Where the authoring agent is (a resumable app's checkpoint, ADK's `agent_state`), plain JSON
   * in ADK Python's shapes: `SequentialAgent` `{current_sub_agent}`, `LoopAgent`
   * `{current_sub_agent, times_looped}`, `ParallelAgent` `{}`.
   */
  agentState?: Record<string, unknown>;
  /** A summary of earlier events that the model is sent in their place (see `EventCompaction`). */
  compaction?: EventCompaction;
}

/**
 * Builds an {@link EventActions} with empty deltas, overlaid with `partial`.
 *
 * @example
 * ```ts
 * createEventActions({ stateDelta: { count: 1 } });
 * // { stateDelta: { count: 1 }, artifactDelta: {}, requestedToolConfirmations: {} }
 * ```
 */
export function createEventActions(partial?: Partial<EventActions>): EventActions {
  // most events have no actions: three empty deltas, with no key to copy
  if (partial === undefined) return emptyEventActions();
  if (partial.stateDelta && partial.artifactDelta && partial.requestedToolConfirmations) return { ...partial } as EventActions;
  // the deltas first, then the other keys in their order: assigned, not rest-destructured and
  // spread (V8 is slow at both, and every event of every run is built here)
  const actions: Record<string, unknown> = {
    stateDelta: partial.stateDelta === undefined ? {} : partial.stateDelta,
    artifactDelta: partial.artifactDelta === undefined ? {} : partial.artifactDelta,
    requestedToolConfirmations: partial.requestedToolConfirmations === undefined ? {} : partial.requestedToolConfirmations,
  };
  for (const key of Object.keys(partial)) {
    if (key !== 'stateDelta' && key !== 'artifactDelta' && key !== 'requestedToolConfirmations') actions[key] = partial[key as keyof EventActions];
  }
  return actions as unknown as EventActions;
}

/**
 * Three empty deltas, made with `new Object()` and their keys added in order rather than as one
 * nested literal: V8 tracks where a literal's objects end up, and these survive (the session keeps
 * every event), so it would allocate them straight in the old generation ("pretenuring"), which
 * costs more per event than the literal saves (measured on the workflow bench's node steps).
 */
function emptyEventActions(): EventActions {
  const actions = new Object() as EventActions;
  actions.stateDelta = new Object() as Record<string, unknown>;
  actions.artifactDelta = new Object() as Record<string, number>;
  actions.requestedToolConfirmations = new Object() as Record<string, ToolConfirmation>;
  return actions;
}

/**
 * True when `actions` carries anything beyond empty deltas (a state or artifact change, a
 * transfer, an escalation, a confirmation request...).
 *
 * @example
 * ```ts
 * hasActions(createEventActions());                          // false
 * hasActions(createEventActions({ stateDelta: { a: 1 } }));  // true
 * ```
 */
export function hasActions(actions: EventActions): boolean {
  return (
    Object.keys(actions.stateDelta).length > 0 ||
    Object.keys(actions.artifactDelta).length > 0 ||
    Object.keys(actions.requestedToolConfirmations).length > 0 ||
    actions.transferToAgent !== undefined ||
    actions.escalate === true ||
    actions.skipSummarization === true ||
    actions.endOfAgent === true ||
    actions.route !== undefined ||
    actions.agentState !== undefined ||
    actions.compaction !== undefined
  );
}

/**
 * A copy of `actions` whose deltas are copies too: what an event takes from actions that are still
 * being written (a model call's callbacks write into one set of actions shared by every chunk), so
 * that the event never changes after it was emitted.
 *
 * @example
 * ```ts
 * const live = createEventActions();
 * const snapshot = snapshotEventActions(live);
 * live.stateDelta['n'] = 1;
 * snapshot.stateDelta; // {}
 * ```
 */
export function snapshotEventActions(actions: EventActions): EventActions {
  return {
    ...actions,
    stateDelta: { ...actions.stateDelta },
    artifactDelta: { ...actions.artifactDelta },
    requestedToolConfirmations: { ...actions.requestedToolConfirmations },
  };
}
