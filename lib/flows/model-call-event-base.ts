import type { CallbackContext } from '../context/callback-context.js';
import { type EventActions, snapshotEventActions } from '../events/event-actions.js';

/** The identity a model call's events share (every streamed chunk and the final response). */
export interface ModelEventBase {
  id: string;
  actions: EventActions;
}

/**
 * The {@link ModelEventBase} of one model call of the LLM step: the call's event id, and as its
 * actions those of the call's callback context, made only when something reads or writes them
 * (most model calls have no callback that records anything). Every event of the call takes a
 * snapshot of them ({@link modelEventActions}), or empty actions of its own while there are none.
 *
 * @example
 * ```ts
 * const callbackContext = new CallbackContext(ctx);
 * const base = new ModelCallEventBase(ctx.idGenerator(), callbackContext);
 * modelEventActions(base); // { stateDelta: {}, artifactDelta: {}, requestedToolConfirmations: {} }
 * callbackContext.state.set('seen', true);
 * modelEventActions(base).stateDelta; // { seen: true }
 * ```
 */
export class ModelCallEventBase implements ModelEventBase {
  constructor(
    readonly id: string,
    private readonly callbackContext: CallbackContext,
  ) {}

  /** The call's live actions (made now if nothing made them yet). */
  get actions(): EventActions {
    return this.callbackContext.actions;
  }

  /** The call's live actions if anything has made them, else `undefined`. */
  get recordedActions(): EventActions | undefined {
    return this.callbackContext.recordedActions;
  }
}

/**
 * The actions an event of a model call takes: a snapshot of the call's live actions (callbacks may
 * still write them), or `undefined` when a {@link ModelCallEventBase} has none yet, for the event
 * to get empty actions of its own (the same JSON as a snapshot of empty ones).
 *
 * @example
 * ```ts
 * ctx.createEvent({ id: base.id, actions: modelEventActions(base), ...response });
 * ```
 */
export function modelEventActions(base: ModelEventBase): EventActions | undefined {
  if (!(base instanceof ModelCallEventBase)) return snapshotEventActions(base.actions);
  const recorded = base.recordedActions;
  return recorded === undefined ? undefined : snapshotEventActions(recorded);
}
