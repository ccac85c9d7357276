import type { Content, ContentUnion, Part } from '@google/genai';
import { ignoreElements, type Observable, of, tap } from 'rxjs';
import type { CallbackContext } from '../../context/callback-context.js';
import type { ReadonlyContext } from '../../context/readonly-context.js';
import { injectSessionState } from '../../context/inject-session-state.js';
import type { LlmRequest } from '../../models/llm-request.js';
import { fromMaybeAsync, type MaybeAsync } from '../../utils/from-maybe-async.js';
import { BasePlugin } from '../base-plugin.js';

/** A global instruction computed per model call; its text is used as is (no `{key}` templating). */
export type GlobalInstructionProvider = (ctx: ReadonlyContext) => MaybeAsync<string>;

/**
 * Puts one instruction at the start of the system instruction of every model call of every agent
 * of the Runner: the application's identity, tone or rules, stated once (ADK's
 * `GlobalInstructionPlugin`, the successor of `LlmAgent.globalInstruction`).
 *
 * A string is a template filled from the session as agents' instructions are (`{key}`,
 * `{key?}`, `{user:lang}`, `{artifact.name}`; a missing required key fails the run with an
 * `AgentConfigError` and the model is not called). A provider's text is used as it returns it.
 * The result comes first, then a blank line, then the agent's own system instruction
 * (`global + "\n\n" + existing`); an empty result changes nothing. The plugin never answers the
 * model call itself: it changes the request in place and lets the call go on.
 *
 * @example
 * ```ts
 * const runner = new InMemoryRunner({
 *   agent: rootAgent,
 *   plugins: [new GlobalInstructionPlugin('You work for ACME. Answer in {user:lang?}.')],
 * });
 * // or computed per call:
 * new GlobalInstructionPlugin((ctx) => `Today is ${new Date().toDateString()}. The user is ${ctx.userId}.`);
 * ```
 */
export class GlobalInstructionPlugin extends BasePlugin {
  constructor(
    readonly globalInstruction: string | GlobalInstructionProvider,
    name = 'global_instruction',
  ) {
    super(name);
  }

  override beforeModelCallback(ctx: CallbackContext, request: LlmRequest): Observable<never> {
    return this.resolve(ctx).pipe(
      tap((text) => prependInstruction(request, text)),
      ignoreElements(),
    );
  }

  private resolve(ctx: CallbackContext): Observable<string> {
    const instruction = this.globalInstruction;
    if (!instruction) return of('');
    if (typeof instruction === 'string') return injectSessionState(instruction, ctx.invocation);
    return fromMaybeAsync(() => instruction(ctx));
  }
}

/** `text` first, then the existing system instruction, keeping its shape (string, parts, Content). */
function prependInstruction(request: LlmRequest, text: string): void {
  if (!text) return;
  const existing = request.config.systemInstruction;
  request.config.systemInstruction = isEmpty(existing) ? text : withLeadingText(existing!, text);
}

function isEmpty(instruction: ContentUnion | undefined): boolean {
  return instruction === undefined || instruction === null || instruction === '' || (Array.isArray(instruction) && instruction.length === 0);
}

function withLeadingText(existing: ContentUnion, text: string): ContentUnion {
  if (typeof existing === 'string') return `${text}\n\n${existing}`;
  const lead = `${text}\n\n`;
  if (Array.isArray(existing)) return [lead, ...existing] as ContentUnion;
  if (isContent(existing)) return { ...existing, parts: [{ text: lead }, ...(existing.parts ?? [])] };
  return [lead, existing] as ContentUnion;
}

function isContent(value: Content | Part): value is Content {
  return 'parts' in value || 'role' in value;
}
