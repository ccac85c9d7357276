/**
 * A human's decision on a tool call that asked for confirmation (SPEC §10). While the request is
 * pending, `confirmed` is `false`; the client's answer fills `confirmed` and may add a `payload`.
 *
 * @example
 * ```ts
 * const pending: ToolConfirmation = { hint: 'Approve 3 days off?', confirmed: false, payload: { days: 3 } };
 * ```
 */
export interface ToolConfirmation {
  hint?: string;
  confirmed: boolean;
  payload?: unknown;
}
