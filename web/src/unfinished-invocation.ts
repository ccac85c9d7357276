import type { Event } from '../../lib/events/event.js';

/**
 * The invocation the dev UI offers to resume: the session's last invocation, when the app writes
 * checkpoints (the invocation holds `actions.agentState` or `actions.endOfAgent` events: a
 * resumable app) and none of them is the root agent's `endOfAgent` (it crashed, failed, was
 * stopped, or paused at a long-running call). `undefined` otherwise. The root is `rootName`, or,
 * while the app's graph is not known, the author of the invocation's first checkpoint (a root
 * writes its checkpoint before any agent below it).
 *
 * ```
 * … user(e-2) seq{current: b}(e-2) b…(e-2) ✕            → 'e-2'
 * … user(e-2) seq{current: b}(e-2) … seq{end}(e-2)       → undefined
 * ```
 *
 * @example
 * ```ts
 * unfinishedInvocation(session.events, 'pipeline'); // 'e-2'
 * ```
 */
export function unfinishedInvocation(events: readonly Event[], rootName: string | undefined): string | undefined {
  const invocationId = events.at(-1)?.invocationId;
  if (invocationId === undefined) return undefined;
  let start = events.length - 1;
  while (start > 0 && events[start - 1]!.invocationId === invocationId) start--;
  const checkpoints = events.slice(start).filter((event) => event.actions.agentState !== undefined || event.actions.endOfAgent);
  const root = rootName ?? checkpoints[0]?.author;
  if (!checkpoints.length || checkpoints.some((event) => event.actions.endOfAgent && event.author === root)) return undefined;
  return invocationId;
}
