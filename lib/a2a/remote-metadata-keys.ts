/**
 * The `customMetadata` keys a `RemoteA2aAgent` writes on its events: the remote task's id and its
 * context's id (ADK's names).
 *
 * @example
 * ```ts
 * event.customMetadata?.[A2A_TASK_ID_KEY]; // the remote task a follow-up answers
 * ```
 */
export const A2A_TASK_ID_KEY = 'a2a:task_id';

/**
 * See {@link A2A_TASK_ID_KEY}.
 *
 * @example
 * ```ts
 * event.customMetadata?.[A2A_CONTEXT_ID_KEY];
 * ```
 */
export const A2A_CONTEXT_ID_KEY = 'a2a:context_id';
