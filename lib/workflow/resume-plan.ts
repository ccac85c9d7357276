import type { Content, FunctionCall } from '@google/genai';
import type { Event } from '../events/event.js';
import { REQUEST_INPUT_FUNCTION_CALL_NAME } from '../events/framework-function-names.js';
import { getFunctionCalls } from '../events/get-function-calls.js';
import { getFunctionResponses } from '../events/get-function-responses.js';
import { rebuildNodeRuns } from './rebuild-node-runs.js';
import type { RecordedNodeRun } from './recorded-node-run.js';
import { startInput } from './start-input.js';
import { compileSchema } from '../tools/schema.js';
import type { JsonSchema } from '../tools/to-gemini-schema.js';

/** An open input request of a paused workflow run. */
export interface OpenInputRequest {
  readonly id: string;
  /** The requesting node run's path. */
  readonly path: string;
  readonly branch: string | undefined;
  /** The JSON Schema the answer must match (`response_schema`), if any. */
  readonly responseSchema: unknown;
}

/** How a paused workflow run goes on: what START gets again, its node runs, the answers. */
export interface ResumePlan {
  /** The input the run started with (the user message that started it). */
  readonly input: unknown;
  /** The node runs rebuilt from the session. */
  readonly history: ReadonlyMap<string, RecordedNodeRun>;
  /** Every answer given so far in this run, by request id (`{result: v}` unwrapped). */
  readonly answers: ReadonlyMap<string, unknown>;
  /** The requests the new message answers. */
  readonly answered: readonly OpenInputRequest[];
  /** Ids the new message answers that are no open request of this run. */
  readonly unknownIds: readonly string[];
  /** Answers of the new message that do not match their request's `responseSchema`: the requests stay open. */
  readonly rejected: ReadonlyArray<{ readonly request: OpenInputRequest; readonly reason: string }>;
}

/**
 * Whether the new message (the last event of `events`) resumes the paused run of the workflow at
 * `rootPath`, and how: the run is the workflow's events since the user message that started it;
 * it resumes when the new message answers one of its open `adk_request_input` calls with a
 * function response, or is plain text while requests are open (the text answers every open
 * request, as ADK does). `undefined`: a new run.
 *
 * @example
 * ```ts
 * const plan = resumePlan(session.events, 'wf@1');
 * plan?.answers.get('adk-1'); // 'approve'
 * ```
 */
export function resumePlan(events: readonly Event[], rootPath: string): ResumePlan | undefined {
  const message = events[events.length - 1];
  if (!message || message.author !== 'user') return undefined;
  const start = startOfRun(events, events.length - 2);
  if (start < 0) return undefined;
  const run = events.slice(start + 1, events.length - 1).filter((e) => e.author === 'user' || e.nodeInfo?.path.startsWith(`${rootPath}/`));
  const { requests, answers } = requestsAndAnswers(run);
  const open = [...requests.values()].filter((r) => !answers.has(r.id));
  const newAnswers = answersOfMessage(message, open);
  if (!newAnswers.length) return undefined;
  const answered: OpenInputRequest[] = [];
  const unknownIds: string[] = [];
  const rejected: Array<{ request: OpenInputRequest; reason: string }> = [];
  for (const { id, value } of newAnswers) {
    const request = requests.get(id);
    const problem = request && !answers.has(id) ? answerProblem(request, value) : undefined;
    if (!request || answers.has(id)) unknownIds.push(id);
    else if (problem !== undefined) rejected.push({ request, reason: problem });
    else {
      answered.push(request);
      answers.set(id, value);
    }
  }
  if (!requests.size) return undefined;
  return { input: startInput(events[start]!.content), history: rebuildNodeRuns(run, rootPath), answers, answered, unknownIds, rejected };
}

/**
 * The input requests of a run's events (its user events and the events under the workflow's path),
 * and the answers they hold so far that fit their request.
 *
 * @example
 * ```ts
 * requestsAndAnswers(run).answers.get('adk-1'); // 'approve'
 * ```
 */
export function requestsAndAnswers(run: readonly Event[]): { requests: Map<string, OpenInputRequest>; answers: Map<string, unknown> } {
  const requests = inputRequestsOf(run);
  const answers = new Map<string, unknown>();
  for (const event of run) {
    for (const r of inputAnswersOf(event)) {
      const request = requests.get(r.id);
      if (request && answerProblem(request, r.value) === undefined) answers.set(r.id, r.value);
    }
  }
  return { requests, answers };
}

/**
 * Why `value` does not match the request's `response_schema`, or `undefined`.
 *
 * @example
 * ```ts
 * answerProblem({ id: 'r1', path: 'wf@1/ask@1', branch: undefined, responseSchema: { type: 'string' } }, 3); // 'must be string'
 * ```
 */
export function answerProblem(request: OpenInputRequest, value: unknown): string | undefined {
  if (typeof request.responseSchema !== 'object' || request.responseSchema === null) return undefined;
  const check = compileSchema(request.responseSchema as JsonSchema).check(value);
  return check.ok ? undefined : check.reason;
}

/** The index of the user message that started the run the events up to `last` belong to, or -1. */
function startOfRun(events: readonly Event[], last: number): number {
  for (let i = last; i >= 0; i--) {
    const event = events[i]!;
    if (event.author === 'user' && !isOnlyInputAnswers(event)) return i;
  }
  return -1;
}

/**
 * True when `event`'s content is only answers to input requests (`adk_request_input` responses):
 * it resumes a workflow run rather than starting one.
 *
 * @example
 * ```ts
 * isOnlyInputAnswers(answerEvent); // true
 * ```
 */
export function isOnlyInputAnswers(event: Event): boolean {
  const parts = event.content?.parts ?? [];
  return parts.length > 0 && parts.every((p) => p.functionResponse?.name === REQUEST_INPUT_FUNCTION_CALL_NAME);
}

/**
 * The `adk_request_input` calls that node runs made in `run`, by id.
 *
 * @example
 * ```ts
 * inputRequestsOf(session.events).get('confirm')?.path; // 'calculate_discount@1'
 * ```
 */
export function inputRequestsOf(run: readonly Event[]): Map<string, OpenInputRequest> {
  const requests = new Map<string, OpenInputRequest>();
  for (const event of run) {
    for (const call of getFunctionCalls(event)) {
      if (call.name !== REQUEST_INPUT_FUNCTION_CALL_NAME || !call.id || !event.nodeInfo) continue;
      requests.set(call.id, { id: call.id, path: event.nodeInfo.path, branch: event.branch, responseSchema: schemaOf(call) });
    }
  }
  return requests;
}

function schemaOf(call: FunctionCall): unknown {
  return (call.args as Record<string, unknown> | undefined)?.['response_schema'] ?? undefined;
}

/**
 * The answers a user event gives to input requests (its `adk_request_input` function responses, `{result: v}` unwrapped).
 *
 * @example
 * ```ts
 * inputAnswersOf(userEvent); // [{ id: 'confirm', value: { text: 'yes' } }]
 * ```
 */
export function inputAnswersOf(event: Event): Array<{ id: string; value: unknown }> {
  if (event.author !== 'user') return [];
  return getFunctionResponses(event)
    .filter((r) => r.name === REQUEST_INPUT_FUNCTION_CALL_NAME && r.id)
    .map((r) => ({ id: r.id!, value: unwrapAnswer(r.response) }));
}

/** The new message's answers: its `adk_request_input` responses, or its text for every open request. */
function answersOfMessage(message: Event, open: readonly OpenInputRequest[]): Array<{ id: string; value: unknown }> {
  const responses = inputAnswersOf(message);
  if (responses.length) return responses;
  const text = textOf(message.content);
  return text === undefined ? [] : open.map((r) => ({ id: r.id, value: text }));
}

function textOf(content: Content | undefined): string | undefined {
  const parts = content?.parts ?? [];
  if (!parts.length || !parts.every((p) => typeof p.text === 'string')) return undefined;
  return parts.map((p) => p.text).join('');
}

/**
 * An answer as the node gets it: `{result: v}` is unwrapped (ADK's envelope for a bare value).
 *
 * @example
 * ```ts
 * unwrapAnswer({ result: 'approve' }); // 'approve'
 * unwrapAnswer({ text: 'yes' });       // { text: 'yes' }
 * ```
 */
export function unwrapAnswer(response: unknown): unknown {
  if (typeof response === 'object' && response !== null && !Array.isArray(response)) {
    const keys = Object.keys(response);
    if (keys.length === 1 && keys[0] === 'result') return (response as { result: unknown }).result;
  }
  return response;
}
