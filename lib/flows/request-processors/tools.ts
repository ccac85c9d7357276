import { concatMap, ignoreElements, type Observable } from 'rxjs';
import { ReadonlyContext } from '../../context/readonly-context.js';
import { ToolContext } from '../../context/tool-context.js';
import { appendFunctionDeclarations, type LlmRequest } from '../../models/llm-request.js';
import type { InvocationContext } from '../../context/invocation-context.js';
import { runInOrder } from '../../operators/run-in-order.js';
import { leanConcat } from '../../operators/lean-concat.js';
import { BaseTool } from '../../tools/base-tool.js';
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

/**
 * Each tool adds itself, in order. A tool that keeps `BaseTool`'s own `processLlmRequest` (its
 * declaration, nothing to wait for) is added here directly; the others get the one
 * {@link ToolContext}, made only when one of them is there.
 */
function addTools(tools: readonly BaseTool[], ctx: InvocationContext, request: LlmRequest): Observable<never> | undefined {
  let toolContext: ToolContext | undefined;
  for (let i = 0; i < tools.length; i++) {
    const tool = tools[i]!;
    if (tool.processLlmRequest === BaseTool.prototype.processLlmRequest) {
      const declaration = tool.getDeclaration();
      if (declaration) appendFunctionDeclarations(request, [{ declaration, tool }]);
      continue;
    }
    const pending = tool.processLlmRequest((toolContext ??= new ToolContext(ctx, { functionCallId: '' })), request);
    if (pending) {
      const context = toolContext;
      const rest = tools.slice(i + 1);
      return leanConcat(pending, runInOrder<void>(rest.map((next) => () => next.processLlmRequest(context, request)))).pipe(ignoreElements());
    }
  }
  return undefined;
}
