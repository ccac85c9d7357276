import { defer, EMPTY, type Observable } from 'rxjs';
import type { InvocationContext } from './invocation-context.js';

/**
 * Signals the end of the invocation when subscribed, and completes empty: the step that follows
 * in any agent ({@link InvocationContext.unlessEnded}) does not start. Used where the framework
 * stops a turn for the client (a tool asked for confirmation, every confirmation answer was refused).
 *
 * ```
 * concat(ctx.emit(ask), endInvocation(ctx), ctx.unlessEnded(() => nextStep$))  →  (ask|)
 * ```
 *
 * @example
 * ```ts
 * concat(ctx.emit(askForConfirmation), endInvocation(ctx));
 * ```
 */
export function endInvocation(ctx: InvocationContext): Observable<never> {
  return defer(() => {
    ctx.endInvocation();
    return EMPTY;
  });
}
