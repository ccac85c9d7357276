import type { FunctionDeclaration } from '@google/genai';
import { concat, concatMap, defer, EMPTY, from, ignoreElements, type Observable, of, tap } from 'rxjs';
import type { ToolContext } from '../context/tool-context.js';
import type { Event } from '../events/event.js';
import { BaseTool } from '../tools/base-tool.js';
import { compileSchema, type SchemaInput } from '../tools/schema.js';
import { toGeminiSchema } from '../tools/to-gemini-schema.js';
import { AgentNode } from './agent-node.js';
import { executeNodeRun } from './execute-node-run.js';
import type { RunnableNode } from './node-context.js';
import type { NodeRunItem } from './node-run-item.js';
import { toWorkflowNode } from './node.js';
import { refusedAnswerEvents } from './refused-answer-events.js';
import { nodeHooks } from './node-hooks.js';
import { subBranchOf } from './schedule.js';
import { toolCallResumePlan } from './tool-call-resume-plan.js';
import type { WorkflowNode } from './workflow-node.js';

const INPUT_PARAMETERS = { type: 'object', properties: { input: { type: 'string' } }, required: ['input'] } as const;

/**
 * A workflow node (a function, a `Workflow`, any node) offered to a model as a tool. Its
 * parameters are the node's `inputSchema` (a workflow's), or `{input: string}` without one; the
 * arguments (or `input`) are the node's input, its output the tool's result. The node runs as a
 * node run of its own (`<node>@1`, on the call's branch `<tool>@<call id>`), with its retries,
 * timeout and hooks; its events are stored in the session (authored by the node, or by the
 * workflow), before the call's response, as in ADK Python 2.x.
 *
 * It is long-running: when the node asks for human input (`RequestInput`), the call gets no
 * response and the turn ends with the `adk_request_input` call open. The human's answer (a
 * function response to that call, in a later message) runs the call again: the node runs are
 * rebuilt from the call's branch (finished ones fast-forwarded), the node completes with the
 * answer or, with `rerunOnResume`, runs again with it in `ctx.resumeInputs`, and its output
 * becomes the call's response.
 *
 * ```
 * model ─call calculate_discount(fc-2)─► node: message, adk_request_input(confirm)   (no response: the turn ends)
 * user ─response confirm {text: 'yes'}─► node again: message, output '20% off' ─► response fc-2 {result: '20% off'} ─► model
 * ```
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
    super({ name: name ?? built.name, description: description ?? built.options.description ?? descriptionOf(built), isLongRunning: true });
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
      const branch = subBranchOf(invocation.branch, `${this.name}@${ctx.functionCallId}`);
      const input = this.inputSchema ? args : args['input'];
      const plan = toolCallResumePlan(invocation.session.events, branch, input);
      const refusals = plan ? refusedAnswerEvents(invocation, this.node.name, path, plan) : [];
      const run = executeNodeRun(invocation, {
        node: this.node,
        input,
        workflowName: this.node.name,
        path,
        branch,
        outputFor: [path],
        resumeInputs: plan ? Object.fromEntries(plan.answers) : {},
        history: plan?.history ?? new Map(),
        hooks: nodeHooks(invocation.pluginManager),
      });
      return concat(relayed(ctx, from(refusals).pipe(concatMap((event) => invocation.emit(event)))), run.pipe(concatMap((item) => toolItem(ctx, item))));
    });
  }
}

/** Emitted events handed to the calling agent's stream as they come. */
function relayed(ctx: ToolContext, events: Observable<Event>): Observable<never> {
  return events.pipe(
    tap((event) => ctx.relayEvent(event)),
    ignoreElements(),
  );
}

/** A node-run item as the tool sees it: events relayed to the calling agent; the output is the result; a pause gives none. */
function toolItem(ctx: ToolContext, item: NodeRunItem): Observable<unknown> {
  if (item.kind === 'event') {
    ctx.relayEvent(item.event);
    return EMPTY;
  }
  const { result } = item;
  if (result.interruptIds.length) return EMPTY;
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
