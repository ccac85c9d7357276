/**
 * The message of anything thrown: an error's `message` (also for errors from another realm, such
 * as Node's own errors inside a test VM, where `instanceof Error` is false), followed by its
 * cause's message when that says more (`fetch failed (connect ECONNREFUSED 127.0.0.1:3001)`);
 * else its string form.
 *
 * @example
 * ```ts
 * errorMessageOf(new Error('spawn npx ENOENT')); // 'spawn npx ENOENT'
 * errorMessageOf(new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:9') }));
 * // 'fetch failed (connect ECONNREFUSED 127.0.0.1:9)'
 * errorMessageOf('timeout');                     // 'timeout'
 * ```
 */
export function errorMessageOf(thrown: unknown): string {
  const message = messageField(thrown);
  if (message === undefined) return String(thrown);
  const cause = messageField((thrown as { cause?: unknown }).cause);
  return cause && !message.includes(cause) ? `${message} (${cause})` : message;
}

function messageField(value: unknown): string | undefined {
  const message = (value as { message?: unknown } | null | undefined)?.message;
  return typeof message === 'string' && message ? message : undefined;
}
