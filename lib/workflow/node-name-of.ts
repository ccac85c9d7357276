import type { RunnableNode } from './node-context.js';

/**
 * The name a node gets from what it runs: a built node's, an agent's or tool's `name`, a
 * function's own name; `undefined` for an anonymous function.
 *
 * @example
 * ```ts
 * nodeNameOf(function fetchWeather() {}); // 'fetchWeather'
 * nodeNameOf(() => 1);                    // undefined
 * ```
 */
export function nodeNameOf(value: RunnableNode): string | undefined {
  const name = (value as { name?: unknown }).name;
  return typeof name === 'string' && name !== '' ? name : undefined;
}
