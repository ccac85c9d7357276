import type { GenerateContentConfig } from '@google/genai';
import type { Observable } from 'rxjs';
import type { AgentLike } from '../context/agent-like.js';
import type { ReadonlyContext } from '../context/readonly-context.js';
import type { RunnableAgent } from '../context/runnable-agent.js';
import type { BaseLlm } from '../models/base-llm.js';
import type { LlmAgentCallbackSource } from '../plugins/llm-agent-hooks.js';
import type { BaseTool } from '../tools/base-tool.js';
import type { BaseToolset } from '../tools/base-toolset.js';
import type { JsonSchema } from '../tools/to-gemini-schema.js';

/** An agent's instruction once resolved for a call. */
export interface ResolvedInstruction {
  text: string;
  /** True for instruction providers: their text is used as is, without `{key}` templating. */
  bypassStateInjection: boolean;
}

/**
 * What the LLM flow needs from the agent it runs for (LlmAgent implements it). The flow lives
 * below the agents in the layering, so it sees the agent through this interface.
 */
export interface FlowAgent extends RunnableAgent, LlmAgentCallbackSource {
  readonly tools: ReadonlyArray<BaseTool | BaseToolset>;
  readonly generateContentConfig: GenerateContentConfig | undefined;
  readonly includeContents: 'default' | 'none';
  readonly outputSchema: JsonSchema | undefined;
  /** The state key the agent's final answer is saved under, if any. */
  readonly outputKey: string | undefined;
  readonly disallowTransferToParent: boolean;
  readonly disallowTransferToPeers: boolean;
  /** The model this agent calls (its own, or inherited from an ancestor). */
  canonicalModel(): BaseLlm;
  /** The instruction for this call: at once for a string, an Observable for a provider, `undefined` for none. */
  canonicalInstruction(ctx: ReadonlyContext): ResolvedInstruction | Observable<ResolvedInstruction> | undefined;
  /** The root agent's global instruction, if any (same forms). */
  canonicalGlobalInstruction(ctx: ReadonlyContext): ResolvedInstruction | Observable<ResolvedInstruction> | undefined;
  /** The tools for this call, toolsets expanded. */
  canonicalTools(ctx: ReadonlyContext): Observable<BaseTool[]>;
}

/**
 * True when `agent` is an agent the LLM flow can run (an LlmAgent).
 *
 * @example
 * ```ts
 * isFlowAgent(new LlmAgent({ name: 'a' }));       // true
 * isFlowAgent(new SequentialAgent({ name: 's' })); // false
 * ```
 */
export function isFlowAgent(agent: AgentLike | undefined): agent is FlowAgent {
  return !!agent && typeof (agent as Partial<FlowAgent>).canonicalModel === 'function';
}
