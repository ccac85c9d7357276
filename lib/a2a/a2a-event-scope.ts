/**
 * Where an ADK event converted to A2A belongs: the app, user and session that ran it (written
 * as `adk_app_name`, `adk_user_id`, `adk_session_id` metadata) and the A2A task and context.
 *
 * @example
 * ```ts
 * const scope: A2aEventScope = { appName: 'weather', userId: 'u1', sessionId: 'ctx-1', taskId: 't1', contextId: 'ctx-1' };
 * ```
 */
export interface A2aEventScope {
  appName: string;
  userId: string;
  sessionId: string;
  taskId: string;
  contextId: string;
}
