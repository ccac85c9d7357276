import type { Content } from '@google/genai';
import { replaceCallIds } from './canonical-call-ids.js';
import { json } from './normalize.js';

/**
 * A workflow event as the recordings are compared: without id, invocation id and timestamp;
 * thought signatures dropped; a user event's empty `nodeInfo` (`{path: ""}`) and empty actions,
 * deltas and long-running ids dropped; `_adk…` state keys dropped; function-call ids replaced by
 * their canonical names (see {@link canonicalCallIds}). Everything else — author, branch,
 * content, `nodeInfo`, `output`, route, state delta, error code and message, finish reason — stays.
 *
 * @example
 * ```ts
 * normalizeWorkflowEvent({ id: 'e-1', invocationId: 'i-1', author: 'user', nodeInfo: { path: '' }, content }, new Map());
 * // { author: 'user', content }
 * ```
 */
export function normalizeWorkflowEvent(event: object, ids: ReadonlyMap<string, string>): Record<string, unknown> {
  const { id: _id, invocationId: _i, timestamp: _t, actions, content, nodeInfo, longRunningToolIds, ...rest } = json(event) as Record<string, unknown>;
  const normalizedActions = normalizeActions(actions as Record<string, unknown> | undefined);
  const info = nodeInfo as { path?: string } | undefined;
  return replaceCallIds(
    {
      ...rest,
      ...(content ? { content: withoutThoughtSignatures(content as Content) } : {}),
      ...(info && !(info.path === '' && Object.keys(info).length === 1) ? { nodeInfo: info } : {}),
      ...(Array.isArray(longRunningToolIds) && longRunningToolIds.length ? { longRunningToolIds } : {}),
      ...(normalizedActions ? { actions: normalizedActions } : {}),
    },
    ids,
  );
}

function withoutThoughtSignatures(content: Content): Content {
  return { ...content, parts: (content.parts ?? []).map(({ thoughtSignature: _s, ...part }) => part) };
}

function normalizeActions(actions: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!actions) return undefined;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(actions)) {
    const kept = key === 'stateDelta' ? withoutBookkeeping(value as Record<string, unknown>) : value;
    if (kept === undefined || kept === null || kept === false) continue;
    if (typeof kept === 'object' && !Array.isArray(kept) && Object.keys(kept).length === 0) continue;
    out[key] = kept;
  }
  return Object.keys(out).length ? out : undefined;
}

function withoutBookkeeping(delta: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(delta).filter(([key]) => !key.startsWith('_adk')));
}
