/**
 * The triple that finds a session.
 *
 * @example
 * ```ts
 * traces.tracesOf({ appName: 'weather', userId: 'u', sessionId: 's' } satisfies SessionRef);
 * ```
 */
export interface SessionRef {
  appName: string;
  userId: string;
  sessionId: string;
}

/**
 * Where a trace record belongs: a session and one invocation in it.
 *
 * @example
 * ```ts
 * traces.recordSpan({ appName: 'weather', userId: 'u', sessionId: 's', invocationId: 'e-1' } satisfies InvocationRef, span);
 * ```
 */
export interface InvocationRef extends SessionRef {
  invocationId: string;
}
