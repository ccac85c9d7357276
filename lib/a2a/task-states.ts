import type { Role, TaskState } from '@a2a-js/sdk';

/**
 * The A2A v1.0 task states rxadk uses, as the SDK's `TaskState` numbers (its enum is not loaded
 * until the SDK is: `@a2a-js/sdk` is an optional peer).
 *
 * @example
 * ```ts
 * task.status?.state === TASK_STATES.inputRequired; // the agent waits for the client
 * ```
 */
export const TASK_STATES = {
  submitted: 1 as TaskState,
  working: 2 as TaskState,
  completed: 3 as TaskState,
  failed: 4 as TaskState,
  canceled: 5 as TaskState,
  inputRequired: 6 as TaskState,
  rejected: 7 as TaskState,
  authRequired: 8 as TaskState,
} as const;

/**
 * The A2A v1.0 message roles, as the SDK's `Role` numbers.
 *
 * @example
 * ```ts
 * message.role === ROLES.agent;
 * ```
 */
export const ROLES = { user: 1 as Role, agent: 2 as Role } as const;

/**
 * True for a state after which a task never changes (completed, failed, canceled, rejected).
 *
 * @example
 * ```ts
 * isTerminalState(TASK_STATES.canceled); // true
 * isTerminalState(TASK_STATES.inputRequired); // false
 * ```
 */
export function isTerminalState(state: TaskState | undefined): boolean {
  return state === TASK_STATES.completed || state === TASK_STATES.failed || state === TASK_STATES.canceled || state === TASK_STATES.rejected;
}
