import type { PluginManagerLike } from '../context/plugin-manager-like.js';
import { callbackChain, type CallbackChain } from './callback-chain.js';
import type {
  AfterModelCallback,
  AfterToolCallback,
  BeforeModelCallback,
  BeforeToolCallback,
  OnModelErrorCallback,
  OnToolErrorCallback,
} from './callback-types.js';
import { memoisePerAgent } from './memoise-per-agent.js';

/** Where an LLM agent keeps its model and tool callbacks (every `LlmAgent`). */
export interface LlmAgentCallbackSource {
  readonly name: string;
  readonly beforeModelCallbacks: readonly BeforeModelCallback[];
  readonly afterModelCallbacks: readonly AfterModelCallback[];
  readonly onModelErrorCallbacks: readonly OnModelErrorCallback[];
  readonly beforeToolCallbacks: readonly BeforeToolCallback[];
  readonly afterToolCallbacks: readonly AfterToolCallback[];
  readonly onToolErrorCallbacks: readonly OnToolErrorCallback[];
}

/** The model and tool chains of one LLM agent under one plugin manager. */
export interface LlmAgentHooks {
  readonly beforeModel: CallbackChain<'beforeModelCallback'>;
  readonly afterModel: CallbackChain<'afterModelCallback'>;
  readonly onModelError: CallbackChain<'onModelErrorCallback'>;
  readonly beforeTool: CallbackChain<'beforeToolCallback'>;
  readonly afterTool: CallbackChain<'afterToolCallback'>;
  readonly onToolError: CallbackChain<'onToolErrorCallback'>;
}

/**
 * The LLM agent's model and tool {@link CallbackChain}s under `plugins`, decided once per
 * (plugin manager, agent) — at its first model call there — and reused by every later call, so a
 * step with nothing registered costs two `WeakMap` look-ups and no operator.
 *
 * ```
 * plugins: [cache implements beforeModelCallback]   agent: { afterToolCallbacks: [redact] }
 * llmAgentHooks(plugins, agent):  beforeModel: cache   afterTool: redact   the other four: nothing registered
 * ```
 *
 * @example
 * ```ts
 * const hooks = llmAgentHooks(ctx.pluginManager, agent);
 * hooks.beforeModel.orElse([callbackContext, request], () => model.generateContent(request));
 * ```
 */
export function llmAgentHooks(plugins: PluginManagerLike | undefined, agent: LlmAgentCallbackSource): LlmAgentHooks {
  return memoisedLlmAgentHooks(plugins, agent);
}

const memoisedLlmAgentHooks = memoisePerAgent(
  (plugins, agent: LlmAgentCallbackSource): LlmAgentHooks => ({
    beforeModel: callbackChain(plugins, 'beforeModelCallback', agent.beforeModelCallbacks, agent.name),
    afterModel: callbackChain(plugins, 'afterModelCallback', agent.afterModelCallbacks, agent.name),
    onModelError: callbackChain(plugins, 'onModelErrorCallback', agent.onModelErrorCallbacks, agent.name),
    beforeTool: callbackChain(plugins, 'beforeToolCallback', agent.beforeToolCallbacks, agent.name),
    afterTool: callbackChain(plugins, 'afterToolCallback', agent.afterToolCallbacks, agent.name),
    onToolError: callbackChain(plugins, 'onToolErrorCallback', agent.onToolErrorCallbacks, agent.name),
  }),
);
