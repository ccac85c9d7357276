import { defer, map, type Observable, take } from 'rxjs';
import { ToolContext } from '../context/tool-context.js';
import type { BaseTool } from '../tools/base-tool.js';
import type { NodeContext } from './node-context.js';
import type { NodeOptions } from './node-options.js';
import { outputYield, type NodeYield } from './node-yield.js';
import { WorkflowNode } from './workflow-node.js';

/**
 * A node that runs a tool: the node input (an object) is the tool's arguments, its result the
 * node's output. A non-object input `x` is passed as `{input: x}`. State the tool writes goes with
 * the node's output event.
 *
 * @example
 * ```ts
 * const lookup = new ToolNode('lookup', new FunctionTool({ name: 'lookup', description: 'Look up', execute: ({ id }) => db.get(id) }));
 * ```
 */
export class ToolNode extends WorkflowNode {
  readonly tool: BaseTool;

  constructor(name: string, tool: BaseTool, options: NodeOptions = {}) {
    super(name, options);
    this.tool = tool;
  }

  run(ctx: NodeContext, input: unknown): Observable<NodeYield> {
    return defer(() => {
      const toolContext = new ToolContext(ctx.invocation, {
        functionCallId: `adk-${ctx.invocation.idGenerator()}`,
        actions: ctx.actions,
        abortSignal: () => ctx.abortSignal,
      });
      return this.tool.runAsync(asArguments(input), toolContext).pipe(take(1), map(outputYield));
    });
  }

  withOptions(options: NodeOptions): ToolNode {
    return new ToolNode(options.name ?? this.name, this.tool, { ...this.options, ...options });
  }
}

function asArguments(input: unknown): Record<string, unknown> {
  if (typeof input === 'object' && input !== null && !Array.isArray(input)) return input as Record<string, unknown>;
  return input === undefined ? {} : { input };
}
