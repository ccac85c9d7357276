import { concatMap, ignoreElements, type Observable } from 'rxjs';
import { ReadonlyContext } from '../../context/readonly-context.js';
import { ToolContext } from '../../context/tool-context.js';
import type { LlmRequest } from '../../models/llm-request.js';
import type { InvocationContext } from '../../context/invocation-context.js';
import { startEachInOrder } from '../../operators/run-in-order.js';
import type { BaseTool } from '../../tools/base-tool.js';
import { BaseToolset } from '../../tools/base-toolset.js';
import type { LlmRequestProcessor } from '../llm-request-processor.js';

/**
 * Lets each of the agent's tools (toolsets expanded) add itself to the request: by default its
 * function declaration into `config.tools` and itself into `toolsDict`. Without toolsets and with
 * synchronous tools, this happens at once.
 *
 * @example
 * ```ts
 * new LlmAgent({ name: 'a', tools: [getWeather, new GoogleSearchTool()] });
 * // request.config.tools → [{ functionDeclarations: [get_weather] }, { googleSearch: {} }]
 * ```
 */
export const toolsRequestProcessor: LlmRequestProcessor = (ctx, agent, request) => {
  if (!agent.tools.some((tool) => tool instanceof BaseToolset)) {
    return addTools(agent.tools as readonly BaseTool[], ctx, request);
  }
  return agent.canonicalTools(new ReadonlyContext(ctx)).pipe(
    concatMap((tools) => addTools(tools, ctx, request) ?? []),
    ignoreElements(),
  );
};

/** Each tool adds itself, in order, with one {@link ToolContext} for all (no closure per tool). */
function addTools(tools: readonly BaseTool[], ctx: InvocationContext, request: LlmRequest): Observable<never> | undefined {
  const toolContext = new ToolContext(ctx, { functionCallId: '' });
  return startEachInOrder(tools, (tool) => tool.processLlmRequest(toolContext, request))?.pipe(ignoreElements());
}
