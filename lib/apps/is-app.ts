import type { BaseAgent } from '../agents/base-agent.js';
import { App } from './app.js';

/**
 * True when `value` is an {@link App}: an instance, or an object of App's shape (a `name`, a
 * `rootAgent` that runs, `plugins`) — which is what an agent file's `app` is when it was built with
 * another copy of rxadk than the CLI's.
 *
 * @example
 * ```ts
 * isApp(new App({ name: 'a', rootAgent })); // true
 * isApp(rootAgent);                         // false
 * ```
 */
export function isApp(value: unknown): value is App {
  if (value instanceof App) return true;
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as { name?: unknown; rootAgent?: Partial<BaseAgent>; plugins?: unknown };
  return typeof candidate.name === 'string' && typeof candidate.rootAgent?.runAsync === 'function' && Array.isArray(candidate.plugins);
}
