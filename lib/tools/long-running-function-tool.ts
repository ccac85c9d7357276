import { FunctionTool, type FunctionToolConfig, type ParametersFor } from './function-tool.js';

/** The note ADK appends to a long-running tool's description. */
export const LONG_RUNNING_NOTE =
  'NOTE: This is a long-running operation. Do not call this tool again if it has already returned some intermediate or pending status.';

/**
 * A {@link FunctionTool} that starts work finishing later. Its call ids go into the model event's
 * `longRunningToolIds`; if it returns nothing, no function response is sent and the turn ends
 * there — the client sends the `FunctionResponse` (same id) when the work is done.
 *
 * @example
 * ```ts
 * const approve = new LongRunningFunctionTool({
 *   name: 'ask_for_approval', description: 'Asks a manager to approve a purchase.',
 *   parameters: { type: 'object', properties: { amount: { type: 'number' } }, required: ['amount'] },
 *   execute: ({ amount }) => ({ status: 'pending', ticket: openTicket(amount) }),
 * });
 * ```
 */
export class LongRunningFunctionTool<Args extends Record<string, unknown> = Record<string, unknown>> extends FunctionTool<Args> {
  constructor(config: Omit<FunctionToolConfig<Args>, 'isLongRunning'> & { parameters?: ParametersFor<Args> }) {
    super({ ...config, description: withNote(config.description), isLongRunning: true });
  }
}

function withNote(description: string): string {
  return description ? `${description}\n\n${LONG_RUNNING_NOTE}` : LONG_RUNNING_NOTE;
}
