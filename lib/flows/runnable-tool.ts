import type { ToolLike } from '../models/tool-like.js';
import type { BaseTool } from '../tools/base-tool.js';

/**
 * The tool `toolsDict` holds under `name`, as the flow runs it: only an own entry (never an
 * `Object.prototype` member such as `constructor`), and only a tool that can run (a `BaseTool`;
 * `LlmRequest.toolsDict` types its entries as the narrower `ToolLike`). Anything else is no tool
 * of that name.
 *
 * @example
 * ```ts
 * runnableTool(request.toolsDict, 'get_weather');  // the get_weather FunctionTool
 * runnableTool(request.toolsDict, 'constructor');  // undefined
 * ```
 */
export function runnableTool(toolsDict: Readonly<Record<string, ToolLike>>, name: string): BaseTool | undefined {
  const tool = Object.hasOwn(toolsDict, name) ? toolsDict[name] : undefined;
  return tool && isRunnable(tool) ? tool : undefined;
}

/** Duck-typed, as `isFlowAgent` is: a tool from another copy of rxadk is still a tool. */
function isRunnable(tool: ToolLike): tool is BaseTool {
  return typeof (tool as Partial<BaseTool>).runAsync === 'function';
}
