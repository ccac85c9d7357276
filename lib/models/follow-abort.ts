/**
 * Aborts `controller` when `signal` (a caller's own signal, if any) aborts; returns the function
 * that stops following it. Adapters give their SDK `controller.signal`, so that both the caller's
 * signal and unsubscribing abort the request.
 *
 * @example
 * ```ts
 * const controller = new AbortController();
 * const unlink = followAbort(request.config.abortSignal, controller);
 * // ... on teardown:
 * unlink();
 * ```
 */
export function followAbort(signal: AbortSignal | undefined, controller: AbortController): () => void {
  if (!signal) return () => undefined;
  const abort = () => controller.abort(signal.reason);
  if (signal.aborted) abort();
  else signal.addEventListener('abort', abort, { once: true });
  return () => signal.removeEventListener('abort', abort);
}
