import { concatMap, EMPTY, ignoreElements, isObservable, type Observable, of, tap } from 'rxjs';
import { leanConcat } from '../../operators/lean-concat.js';
import { ReadonlyContext } from '../../context/readonly-context.js';
import type { InvocationContext } from '../../context/invocation-context.js';
import { appendInstructions, type LlmRequest } from '../../models/llm-request.js';
import type { ResolvedInstruction } from '../flow-agent.js';
import { fillFromState, injectSessionState, usesArtifacts } from '../../context/inject-session-state.js';
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
export const instructionsRequestProcessor: LlmRequestProcessor = (ctx, agent, request) => {
  const readonly = new ReadonlyContext(ctx);
  const global = agent.canonicalGlobalInstruction(readonly);
  const own = agent.canonicalInstruction(readonly);
  if (isPlain(global) && isPlain(own)) {
    for (const instruction of [global, own]) {
      if (instruction?.text) appendInstructions(request, [instruction.bypassStateInjection ? instruction.text : fillFromState(instruction.text, ctx)]);
    }
    return undefined;
  }
  return leanConcat(asObservable(global), asObservable(own)).pipe(concatMap((i) => appendResolved(ctx, request, i)));
};

/** No instruction, or a string instruction that needs no I/O to fill. */
function isPlain(instruction: ResolvedInstruction | Observable<ResolvedInstruction> | undefined): instruction is ResolvedInstruction | undefined {
  return !isObservable(instruction) && (!instruction || instruction.bypassStateInjection || !usesArtifacts(instruction.text));
}

function asObservable(instruction: ResolvedInstruction | Observable<ResolvedInstruction> | undefined): Observable<ResolvedInstruction> {
  if (isObservable(instruction)) return instruction;
  return instruction ? of(instruction) : EMPTY;
}

function appendResolved(ctx: InvocationContext, request: LlmRequest, instruction: ResolvedInstruction): Observable<never> {
  if (!instruction.text) return EMPTY;
  const text$ = instruction.bypassStateInjection ? of(instruction.text) : injectSessionState(instruction.text, ctx);
  return text$.pipe(
    tap((text) => appendInstructions(request, [text])),
    ignoreElements(),
  );
}
