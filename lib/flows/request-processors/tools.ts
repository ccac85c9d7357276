import { concatMap, defer, from, ignoreElements, type Observable } from 'rxjs';
import { ReadonlyContext } from '../../context/readonly-context.js';
import { ToolContext } from '../../context/tool-context.js';
import type { LlmRequestProcessor } from '../llm-request-processor.js';

/**
 * Lets each of the agent's tools (toolsets expanded) add itself to the request: by default its
 * function declaration into `config.tools` and itself into `toolsDict`.
 *
 * @example
 * ```ts
 * new LlmAgent({ name: 'a', tools: [getWeather, new GoogleSearchTool()] });
 * // request.config.tools → [{ functionDeclarations: [get_weather] }, { googleSearch: {} }]
 * ```
 */
export const toolsRequestProcessor: LlmRequestProcessor = (ctx, agent, request) =>
  defer(() => {
    const toolContext = new ToolContext(ctx, { functionCallId: '' });
    return agent.canonicalTools(new ReadonlyContext(ctx)).pipe(
      concatMap((tools) => from(tools)),
      concatMap((tool) => defer(() => (tool.processLlmRequest(toolContext, request) ?? []) as Observable<void>)),
      ignoreElements(),
    );
  });
