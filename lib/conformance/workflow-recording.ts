import { readFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { WorkflowRecordingError } from './workflow-recording-error.js';

/** A recorded event, as ADK Python 2.x writes it (camelCase JSON). */
export type RecordedEvent = Readonly<Record<string, unknown>>;

/**
 * A session ADK Python 2.x recorded for one of its workflow samples
 * (`contributing/samples/workflows/<sample>/tests/<name>.json`).
 */
export interface WorkflowRecording {
  /** `<sample>/<name>`, e.g. `loop_self/3`. */
  id: string;
  file: string;
  /** The sample (the app to run); the folder name when the file has none. */
  appName: string;
  userId: string;
  /** The recorded session id, when there is one. */
  sessionId: string | undefined;
  events: RecordedEvent[];
  /** The recorded final state, when there is one (not always the fold of the events' deltas). */
  state: Record<string, unknown> | undefined;
  /** Values successive calls of a Python function returned (`{"random.randint": [10, 1]}`). */
  mocks: Record<string, unknown[]>;
  /**
   * Whether the events are in the order they happened. A recording whose events carry no ids
   * (`node_as_tool/go.json`) was written out of order: its events are compared as a set.
   */
  chronological: boolean;
}

/**
 * Whether a parsed JSON value has the shape of a workflow recording: an object with an `events`
 * array of objects (the other members are optional).
 *
 * @example
 * ```ts
 * isWorkflowRecording({ appName: 'sequence', events: [{ author: 'user' }] }); // true
 * isWorkflowRecording({ recordings: [] }); // false
 * ```
 */
export function isWorkflowRecording(value: unknown): value is { events: RecordedEvent[] } {
  if (!isObject(value) || !Array.isArray(value['events'])) return false;
  return value['events'].every(isObject);
}

/**
 * Reads a workflow recording. Its id is `<sample>/<file name>`; a file without `appName`
 * (`request_input/tests/phone_broke_reject.json`) runs the sample its folder is named after.
 *
 * @example
 * ```ts
 * readWorkflowRecording('workflow-recordings/loop_self/tests/3.json').mocks; // { 'random.randint': [10, 1, 0, 4, 3] }
 * ```
 */
export function readWorkflowRecording(file: string): WorkflowRecording {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new WorkflowRecordingError(file, `not readable JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  if (!isWorkflowRecording(parsed)) throw new WorkflowRecordingError(file, '"events" must be an array of events');
  const recording = parsed as Record<string, unknown> & { events: RecordedEvent[] };
  const sample = basename(dirname(dirname(file)));
  return {
    id: `${sample}/${basename(file).replace(/\.json$/, '')}`,
    file,
    appName: stringOr(recording['appName'], sample),
    userId: stringOr(recording['userId'], 'user'),
    sessionId: typeof recording['id'] === 'string' ? recording['id'] : undefined,
    events: recording.events,
    state: isObject(recording['state']) ? recording['state'] : undefined,
    mocks: mocksOf(file, recording['mocks']),
    chronological: recording.events.every((event) => typeof event['id'] === 'string'),
  };
}

function mocksOf(file: string, mocks: unknown): Record<string, unknown[]> {
  if (mocks === undefined) return {};
  if (!isObject(mocks) || !Object.values(mocks).every(Array.isArray)) {
    throw new WorkflowRecordingError(file, '"mocks" must map function names to lists of values');
  }
  return mocks as Record<string, unknown[]>;
}

function stringOr(value: unknown, fallback: string): string {
  return typeof value === 'string' && value !== '' ? value : fallback;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
