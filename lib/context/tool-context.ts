import { setOwn } from '../utils/set-own.js';
import type { Event } from '../events/event.js';
import type { EventActions } from '../events/event-actions.js';
import type { ToolConfirmation } from '../events/tool-confirmation.js';
import { CallbackContext } from './callback-context.js';
import type { InvocationContext } from './invocation-context.js';

/** What {@link ToolContext} is built from. */
export interface ToolContextInit {
  functionCallId: string;
  actions?: EventActions;
  /** The human's answer when this call is re-run after a confirmation request. */
  toolConfirmation?: ToolConfirmation;
  /** This call's own signal (fires when the call is cancelled), or a function giving it on first use; default: the invocation's. */
  abortSignal?: AbortSignal | (() => AbortSignal);
  /** Where {@link ToolContext.relayEvent} hands events: the calling agent's stream (the LLM flow gives it). */
  relayEvent?: (event: Event) => void;
}

/**
 * The context of one tool call and of its before/after/on-error callbacks: a
 * {@link CallbackContext} plus the call id, the confirmation protocol (SPEC §10) and the
 * call's own abort signal.
 *
 * @example
 * ```ts
 * const deleteFile = new FunctionTool({
 *   name: 'delete_file', description: 'Deletes a file', parameters: { type: 'object', properties: { path: { type: 'string' } } },
 *   execute: ({ path }, ctx) => {
 *     if (!ctx.toolConfirmation) { ctx.requestConfirmation({ hint: `Delete ${path}?` }); return { status: 'pending' }; }
 *     return ctx.toolConfirmation.confirmed ? remove(path) : { status: 'rejected' };
 *   },
 * });
 * ```
 */
export class ToolContext extends CallbackContext {
  readonly functionCallId: string;
  readonly toolConfirmation: ToolConfirmation | undefined;
  private readonly callAbortSignal: AbortSignal | (() => AbortSignal) | undefined;
  private readonly relay: ((event: Event) => void) | undefined;

  constructor(invocationContext: InvocationContext, init: ToolContextInit) {
    super(invocationContext, init.actions);
    this.functionCallId = init.functionCallId;
    this.toolConfirmation = init.toolConfirmation;
    this.callAbortSignal = init.abortSignal;
    this.relay = init.relayEvent;
  }

  /**
   * Hands an event this call emitted through `ctx.invocation.emit` (a `NodeTool`'s node events)
   * to the calling agent's stream, where the Runner commits it before the call's response. Call
   * it synchronously as the emitted event arrives, so that the emitter waits for its commit
   * (SPEC §6). Without a calling agent's stream (a tool run directly), the event goes nowhere.
   *
   * @example
   * ```ts
   * ctx.invocation.emit(event).pipe(tap((committed) => ctx.relayEvent(committed)));
   * ```
   */
  relayEvent(event: Event): void {
    this.relay?.(event);
  }

  override get abortSignal(): AbortSignal {
    const own = this.callAbortSignal;
    if (own === undefined) return super.abortSignal;
    return typeof own === 'function' ? own() : own;
  }

  /**
   * Asks a human to confirm this call. The call's response becomes a "requires confirmation"
   * error, an `adk_request_confirmation` event is emitted, and the invocation ends; the call is
   * re-run with {@link toolConfirmation} set once the client answers.
   */
  requestConfirmation(request: { hint?: string; payload?: unknown } = {}): void {
    setOwn(this.actions.requestedToolConfirmations, this.functionCallId, {
      ...(request.hint !== undefined ? { hint: request.hint } : {}),
      confirmed: false,
      ...(request.payload !== undefined ? { payload: request.payload } : {}),
    });
  }
}
