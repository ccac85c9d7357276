import { concat, concatMap, defer, EMPTY, ignoreElements, type Observable, of, tap } from 'rxjs';
import { ReadonlyContext } from '../../context/readonly-context.js';
import type { InvocationContext } from '../../context/invocation-context.js';
import { appendInstructions, type LlmRequest } from '../../models/llm-request.js';
import type { ResolvedInstruction } from '../flow-agent.js';
import { injectSessionState } from '../inject-session-state.js';
import type { LlmRequestProcessor } from '../llm-request-processor.js';

/**
 * Appends the root agent's global instruction, then the agent's instruction, to the system
 * instruction; string instructions are templated from the session state
 * ({@link injectSessionState}), instruction providers are used as they return.
 *
 * @example
 * ```ts
 * new LlmAgent({ name: 'a', instruction: 'Answer in {user:lang}.' }); // → "Answer in French."
 * ```
 */
export const instructionsRequestProcessor: LlmRequestProcessor = (ctx, agent, request) =>
  defer(() => {
    const readonly = new ReadonlyContext(ctx);
    return concat(
      agent.canonicalGlobalInstruction(readonly).pipe(concatMap((i) => appendResolved(ctx, request, i))),
      agent.canonicalInstruction(readonly).pipe(concatMap((i) => appendResolved(ctx, request, i))),
    );
  });

function appendResolved(ctx: InvocationContext, request: LlmRequest, instruction: ResolvedInstruction): Observable<never> {
  if (!instruction.text) return EMPTY;
  const text$ = instruction.bypassStateInjection ? of(instruction.text) : injectSessionState(instruction.text, ctx);
  return text$.pipe(
    tap((text) => appendInstructions(request, [text])),
    ignoreElements(),
  );
}
