import type { RunConfig } from '../context/run-config.js';

/**
 * The longest timeout a Node timer keeps (2^31 − 1 ms, about 24.8 days). `setTimeout` (and so
 * RxJS `timer`) fires after 1 ms for anything longer, so {@link toolTimeoutOf} clamps to it.
 */
export const MAX_TOOL_TIMEOUT_MS = 2_147_483_647;

/**
 * How long one call of `tool` may take in a run with `runConfig`, in milliseconds, or `undefined`
 * for no timeout. The tool's own `timeoutMs` wins whenever it is set; otherwise the run's
 * `toolTimeoutMs` applies. The value that wins means "no timeout" when it is `0`, negative,
 * `NaN` or `Infinity` (so a tool with `timeoutMs: 0` is exempt from the run's timeout), and is
 * clamped to {@link MAX_TOOL_TIMEOUT_MS}. Nothing set anywhere: no timeout (the default, as in ADK).
 *
 * @example
 * ```ts
 * toolTimeoutOf({ timeoutMs: 500 }, { toolTimeoutMs: 30_000 });   // 500 (the tool's own wins)
 * toolTimeoutOf({ timeoutMs: undefined }, { toolTimeoutMs: 30_000 }); // 30000
 * toolTimeoutOf({ timeoutMs: 0 }, { toolTimeoutMs: 30_000 });     // undefined (exempt)
 * toolTimeoutOf({ timeoutMs: undefined }, {});                    // undefined (no default timeout)
 * ```
 */
export function toolTimeoutOf(tool: { readonly timeoutMs?: number | undefined }, runConfig: RunConfig | undefined): number | undefined {
  const chosen = tool.timeoutMs !== undefined ? tool.timeoutMs : runConfig?.toolTimeoutMs;
  if (typeof chosen !== 'number' || !(chosen > 0) || chosen === Infinity) return undefined;
  return Math.min(chosen, MAX_TOOL_TIMEOUT_MS);
}
