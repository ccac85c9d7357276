import type { Content } from '@google/genai';

/**
 * What an agent running as a workflow node sees of its node run: the run's path (its model sees
 * only this run's events) and its input as a user turn. Carried by its `InvocationContext`.
 *
 * @example
 * ```ts
 * const scope: WorkflowNodeScope = { path: 'wf@1/draft@1', input: { role: 'user', parts: [{ text: 'phone broke' }] } };
 * ```
 */
export interface WorkflowNodeScope {
  readonly path: string;
  readonly input: Content | undefined;
}
