import type { Content } from '@google/genai';
import { camelizeKeys } from '../config/camelize-keys.js';
import type { Session } from '../sessions/session.js';
import { type Difference, firstDifference } from './first-difference.js';
import { json, normalizeContent } from './normalize.js';

/**
 * Compares the session a case left behind with the one ADK recorded, as the suite's README says:
 * same app, user and state; same number of events, pairwise equal after dropping ids,
 * timestamps, invocation ids, long-running tool ids, thought signatures, function-call ids,
 * requested confirmations/auth configs, replay bookkeeping state keys (`_adk…`) and empty deltas.
 * Fields copied from the model response (finish reason, usage, log-probs, grounding, model version)
 * must match; `modelVersion` is compared only where the recording's ADK version stored it.
 *
 * @example
 * ```ts
 * compareSession(recordedSnakeCaseSession, session); // undefined when equal, else the first difference
 * ```
 */
export function compareSession(recorded: Record<string, unknown>, actual: Session): Difference | undefined {
  const expectedEvents = ((recorded['events'] ?? []) as unknown[]).map((e) => camelizeKeys(e) as Record<string, unknown>);
  const header = firstDifference(
    { appName: recorded['app_name'], userId: recorded['user_id'], state: recorded['state'] ?? {}, eventCount: expectedEvents.length },
    { appName: actual.appName, userId: actual.userId, state: json(actual.state), eventCount: actual.events.length },
  );
  if (header) return header;
  for (let i = 0; i < expectedEvents.length; i++) {
    const expected = expectedEvents[i]!;
    const difference = firstDifference(
      normalizeEvent(expected, true),
      normalizeEvent(json(actual.events[i]) as unknown as Record<string, unknown>, 'modelVersion' in expected),
      `events[${i}]`,
    );
    if (difference) return difference;
  }
  return undefined;
}

function normalizeEvent(event: Record<string, unknown>, keepModelVersion: boolean): Record<string, unknown> {
  const { id: _id, timestamp: _t, invocationId: _i, longRunningToolIds: _l, actions, content, modelVersion, ...rest } = event;
  const normalizedActions = normalizeActions(actions as Record<string, unknown> | undefined);
  return json({
    ...rest,
    ...(content ? { content: normalizeContent(content as Content, { dropThoughtSignatures: true }) } : {}),
    ...(keepModelVersion && modelVersion !== undefined ? { modelVersion } : {}),
    ...(normalizedActions ? { actions: normalizedActions } : {}),
  });
}

function normalizeActions(actions: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!actions) return undefined;
  const { requestedToolConfirmations: _c, requestedAuthConfigs: _a, stateDelta, artifactDelta, ...rest } = actions;
  const state = Object.fromEntries(Object.entries((stateDelta ?? {}) as Record<string, unknown>).filter(([k]) => !k.startsWith('_adk')));
  const out: Record<string, unknown> = { ...rest };
  if (Object.keys(state).length) out['stateDelta'] = state;
  if (artifactDelta && Object.keys(artifactDelta).length) out['artifactDelta'] = artifactDelta;
  for (const [key, value] of Object.entries(out)) if (value === undefined || value === null || value === false) delete out[key];
  return Object.keys(out).length ? out : undefined;
}
