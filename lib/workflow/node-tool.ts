import type { FunctionDeclaration } from '@google/genai';
import { concatMap, defer, EMPTY, type Observable, of } from 'rxjs';
import type { ToolContext } from '../context/tool-context.js';
import { BaseTool } from '../tools/base-tool.js';
import { compileSchema, type SchemaInput } from '../tools/schema.js';
import { toGeminiSchema } from '../tools/to-gemini-schema.js';
import { AgentNode } from './agent-node.js';
import { executeNodeRun } from './execute-node-run.js';
import type { RunnableNode } from './node-context.js';
import type { NodeRunItem } from './node-run-item.js';
import { toWorkflowNode } from './node.js';
import { subBranchOf } from './schedule.js';
import type { WorkflowNode } from './workflow-node.js';

const INPUT_PARAMETERS = { type: 'object', properties: { input: { type: 'string' } }, required: ['input'] } as const;

/**
 * A workflow node (a function, a `Workflow`, any node) offered to a model as a tool. Its
 * parameters are the node's `inputSchema` (a workflow's), or `{input: string}` without one; the
 * arguments (or `input`) are the node's input, its output the tool's result. The node runs as a
 * node run of its own (`<name>@1`, on branch `<name>@<call id>`), with its retries, timeout and
 * hooks; the state its events write is forwarded to the calling agent.
 *
 * @example
 * ```ts
 * const lookup = new Workflow({ name: 'lookup_customer', description: 'Looks up a customer.', inputSchema: z.object({ user_id: z.string() }), edges: [[START, fetchCustomer]] });
 * new LlmAgent({ name: 'support', model, tools: [new NodeTool(lookup)] });
 * ```
 */
export class NodeTool extends BaseTool {
  readonly node: WorkflowNode;
  private readonly inputSchema: SchemaInput | undefined;

  constructor(node: RunnableNode, name?: string, description?: string) {
    const built = toWorkflowNode(node);
    super({ name: name ?? built.name, description: description ?? built.options.description ?? descriptionOf(built) });
    this.node = built;
    this.inputSchema = inputSchemaOf(built);
  }

  override getDeclaration(): FunctionDeclaration {
    const json = this.inputSchema ? compileSchema(this.inputSchema).json : INPUT_PARAMETERS;
    return { name: this.name, description: this.description, parameters: toGeminiSchema(json as Parameters<typeof toGeminiSchema>[0]) };
  }

  /** Why `args` do not fit the node's input, or `undefined`. */
  validateArguments(args: Record<string, unknown>): string | undefined {
    if (this.inputSchema) {
      const check = compileSchema(this.inputSchema).check(args);
      return check.ok ? undefined : check.reason;
    }
    return typeof args['input'] === 'string' ? undefined : "(arguments) must have required property 'input' (a string)";
  }

  override runAsync(args: Record<string, unknown>, ctx: ToolContext): Observable<unknown> {
    return defer(() => {
      const invocation = ctx.invocation;
      const path = `${this.node.name}@1`;
      return executeNodeRun(invocation, {
        node: this.node,
        input: this.inputSchema ? args : args['input'],
        workflowName: this.node.name,
        path,
        branch: subBranchOf(invocation.branch, `${this.node.name}@${ctx.functionCallId}`),
        outputFor: [path],
        resumeInputs: {},
        history: new Map(),
      }).pipe(concatMap((item) => toolItem(ctx, item)));
    });
  }
}

/** A node-run item as the tool sees it: state forwarded to the caller; the output is the result. */
function toolItem(ctx: ToolContext, item: NodeRunItem): Observable<unknown> {
  if (item.kind === 'event') {
    ctx.state.update(item.event.actions.stateDelta);
    return EMPTY;
  }
  const { result } = item;
  if (result.interruptIds.length) return of({ error: 'This node asked for human input, which a NodeTool cannot relay yet; run it in a Workflow instead.' });
  return of(result.hasOutput ? result.output : null);
}

function inputSchemaOf(node: WorkflowNode): SchemaInput | undefined {
  if (node.options.inputSchema) return node.options.inputSchema;
  if (node instanceof AgentNode) return (node.agent as { inputSchema?: SchemaInput }).inputSchema;
  return undefined;
}

function descriptionOf(node: WorkflowNode): string {
  return node instanceof AgentNode ? (node.agent.description ?? '') : '';
}
