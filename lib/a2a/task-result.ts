import type { Message, TaskState, TaskStatusUpdateEvent } from '@a2a-js/sdk';
import { TASK_STATES } from './task-states.js';

/**
 * What a task's run has come to so far (ADK Python's `TaskResultAggregator`): the strongest
 * state seen — failed, then auth-required, then input-required, then working — and the status
 * message that set it (while working: the latest message).
 *
 * @example
 * ```ts
 * const start: TaskResult = { state: TASK_STATES.working, message: undefined };
 * ```
 */
export interface TaskResult {
  readonly state: TaskState;
  readonly message: Message | undefined;
}

/**
 * The result before any update: working, no message.
 *
 * @example
 * ```ts
 * reduceTaskResult(INITIAL_TASK_RESULT, update);
 * ```
 */
export const INITIAL_TASK_RESULT: TaskResult = { state: TASK_STATES.working, message: undefined };

const RANK = new Map<TaskState, number>([
  [TASK_STATES.failed, 3],
  [TASK_STATES.authRequired, 2],
  [TASK_STATES.inputRequired, 1],
]);

/**
 * Applies one status update to the result (pure): a stronger state replaces the result with the
 * update's message; while working, the message follows the latest update.
 *
 * @example
 * ```ts
 * reduceTaskResult(INITIAL_TASK_RESULT, inputRequiredUpdate).state; // TASK_STATES.inputRequired
 * ```
 */
export function reduceTaskResult(result: TaskResult, update: TaskStatusUpdateEvent): TaskResult {
  const state = update.status?.state ?? TASK_STATES.working;
  const message = update.status?.message;
  const rank = RANK.get(state) ?? 0;
  const current = RANK.get(result.state) ?? 0;
  if (rank > 0) return rank >= current ? { state, message } : result;
  return result.state === TASK_STATES.working ? { state: result.state, message } : result;
}

/**
 * The update as the client sees it before the end: always `working`, since an interrupted or
 * final state would end the SDK's event stream early (ADK Python does the same); the state
 * itself goes out once, in the final update.
 *
 * @example
 * ```ts
 * asWorking(inputRequiredUpdate).status?.state; // TASK_STATES.working
 * ```
 */
export function asWorking(update: TaskStatusUpdateEvent): TaskStatusUpdateEvent {
  return update.status ? { ...update, status: { ...update.status, state: TASK_STATES.working } } : update;
}
