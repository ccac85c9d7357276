import type { Event } from '../events/event.js';
import type { Session } from '../sessions/session.js';
import { canonicalCallIds } from './canonical-call-ids.js';
import { type Difference, firstDifference } from './first-difference.js';
import { json } from './normalize.js';
import { normalizeWorkflowEvent } from './normalize-workflow-event.js';
import type { RecordedEvent, WorkflowRecording } from './workflow-recording.js';

/** How {@link compareWorkflowSession} treats the produced session. */
export interface WorkflowComparison {
  /** Produced events the recording cannot hold (the opening message the harness had to make up). */
  ignore?: (event: Event) => boolean;
}

/**
 * Compares the session a replay produced with the recorded one: the same events (author, branch,
 * content, `nodeInfo`, `output`, route, state delta, error, finish reason, long-running calls),
 * ignoring ids, invocation ids and timestamps (see {@link normalizeWorkflowEvent}); in order for
 * a chronological recording, as a set for one that is not; then the final state, which must be
 * the fold of the recorded events' state deltas. A recorded event without `content.role` does
 * not compare the role. Returns the first difference, its path naming the event
 * (`events[3] root_agent@1/guess_number@2: actions.route`), or `undefined`.
 *
 * @example
 * ```ts
 * compareWorkflowSession(readWorkflowRecording('loop_self/tests/3.json'), session); // undefined when they match
 * ```
 */
export function compareWorkflowSession(recording: WorkflowRecording, session: Session, options: WorkflowComparison = {}): Difference | undefined {
  const produced = session.events.filter((event) => !options.ignore?.(event));
  const recordedIds = canonicalCallIds(recording.events);
  const producedIds = canonicalCallIds(produced);
  const expected = recording.events.map((event) => normalizeWorkflowEvent(event, recordedIds));
  const actual = produced.map((event) => normalizeWorkflowEvent(event, producedIds));
  const events = recording.chronological ? compareInOrder(expected, actual) : compareAsSet(expected, actual);
  return events ?? firstDifference(foldState(recording.events), withoutBookkeeping(json(session.state)), 'state');
}

function compareInOrder(expected: Record<string, unknown>[], actual: Record<string, unknown>[]): Difference | undefined {
  for (let i = 0; i < Math.max(expected.length, actual.length); i++) {
    const e = expected[i];
    const a = actual[i];
    if (!e || !a) return { path: `events[${i}]`, expected: e, actual: a };
    if (label(e) !== label(a)) return { path: `events[${i}] (author and node)`, expected: label(e), actual: label(a) };
    const difference = firstDifference(e, comparable(e, a), 'x');
    if (difference) return at(`events[${i}] ${label(e)}`, difference);
  }
  return undefined;
}

/** Each recorded event must match a distinct produced one; then no produced event may be left. */
function compareAsSet(expected: Record<string, unknown>[], actual: Record<string, unknown>[]): Difference | undefined {
  const left = [...actual];
  for (const [i, e] of expected.entries()) {
    const match = left.findIndex((a) => !firstDifference(e, comparable(e, a)));
    if (match >= 0) {
      left.splice(match, 1);
      continue;
    }
    const nearest = left.find((a) => a['author'] === e['author'] && pathOf(a) === pathOf(e));
    if (!nearest) return { path: `events[${i}] ${label(e)} (no produced event from this author and node)`, expected: e, actual: undefined };
    return at(`events[${i}] ${label(e)} (nearest produced event)`, firstDifference(e, comparable(e, nearest), 'x')!);
  }
  const extra = left[0];
  return extra ? { path: `produced event not in the recording: ${label(extra)}`, expected: undefined, actual: extra } : undefined;
}

/** `actual` as far as `expected` recorded it: no role when the recording has none. */
function comparable(expected: Record<string, unknown>, actual: Record<string, unknown>): Record<string, unknown> {
  const e = expected['content'] as { role?: string } | undefined;
  const a = actual['content'] as { role?: string } | undefined;
  if (!e || !a || e.role !== undefined || a.role === undefined) return actual;
  const { role: _r, ...content } = a;
  return { ...actual, content };
}

/** `x.actions.route` relative to the event, prefixed with where the event is. */
function at(where: string, difference: Difference): Difference {
  const inner = difference.path.replace(/^x\.?/, '');
  return { ...difference, path: inner ? `${where}: ${inner}` : where };
}

function label(event: Record<string, unknown>): string {
  const path = pathOf(event);
  return path ? `${String(event['author'])} ${path}` : String(event['author']);
}

function pathOf(event: Record<string, unknown>): string {
  return (event['nodeInfo'] as { path?: string } | undefined)?.path ?? '';
}

/** The state the recorded events' deltas leave (the recording's own `state` is not always that). */
function foldState(events: readonly RecordedEvent[]): Record<string, unknown> {
  const state: Record<string, unknown> = {};
  for (const event of events) {
    const delta = (event['actions'] as { stateDelta?: Record<string, unknown> } | undefined)?.stateDelta ?? {};
    Object.assign(state, delta);
  }
  return withoutBookkeeping(state);
}

function withoutBookkeeping(state: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(state).filter(([key]) => !key.startsWith('_adk') && !key.startsWith('__')));
}
