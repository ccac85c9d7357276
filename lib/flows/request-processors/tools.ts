import { concatMap, ignoreElements, type Observable } from 'rxjs';
import { ReadonlyContext } from '../../context/readonly-context.js';
import { ToolContext } from '../../context/tool-context.js';
import type { LlmRequest } from '../../models/llm-request.js';
import { startInOrder } from '../../operators/run-in-order.js';
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
  const toolContext = new ToolContext(ctx, { functionCallId: '' });
  if (!agent.tools.some((tool) => tool instanceof BaseToolset)) {
    return addTools(agent.tools as readonly BaseTool[], toolContext, request);
  }
  return agent.canonicalTools(new ReadonlyContext(ctx)).pipe(
    concatMap((tools) => addTools(tools, toolContext, request) ?? []),
    ignoreElements(),
  );
};

function addTools(tools: readonly BaseTool[], toolContext: ToolContext, request: LlmRequest): Observable<never> | undefined {
  return startInOrder<void>(tools.map((tool) => () => tool.processLlmRequest(toolContext, request)))?.pipe(ignoreElements());
}
