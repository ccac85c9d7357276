/**
 * A variable of the environment, `undefined` when unset or empty, and in a browser (no `process`).
 *
 * @example
 * ```ts
 * env('OPENAI_API_KEY') ?? 'not set';
 * ```
 */
export function env(name: string): string | undefined {
  if (typeof process === 'undefined' || !process.env) return undefined;
  return process.env[name] || undefined;
}
