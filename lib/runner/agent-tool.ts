import type { Content, FunctionDeclaration } from '@google/genai';
import { concatMap, defer, filter, last, map, type Observable, tap } from 'rxjs';
import type { BaseAgent } from '../agents/base-agent.js';
import { LlmAgent } from '../agents/llm-agent.js';
import { parseStructuredOutput } from '../flows/parse-structured-output.js';
import type { ToolContext } from '../context/tool-context.js';
import type { Event } from '../events/event.js';
import { InMemoryMemoryService } from '../memory/in-memory-memory-service.js';
import { InMemorySessionService } from '../sessions/in-memory-session-service.js';
import { BaseTool } from '../tools/base-tool.js';
import { toGeminiSchema } from '../tools/to-gemini-schema.js';
import { compileArgumentValidator } from '../tools/validate-arguments.js';
import { ForwardingArtifactService } from './forwarding-artifact-service.js';
import { Runner } from './runner.js';

/** What an {@link AgentTool} is built from. */
export interface AgentToolConfig {
  agent: BaseAgent;
  /** The agent's answer is the final response: the calling model does not comment on it. */
  skipSummarization?: boolean;
}

/**
 * Runs an agent as a tool. The calling model sends `{request: "..."}` (or, when the agent is an
 * LlmAgent with an `inputSchema`, arguments matching it, sent as JSON). The agent runs in a child
 * session seeded with the caller's state, with the caller's plugins and artifacts; the state it
 * writes is forwarded to the caller's tool context; its final text (or, with an `outputSchema`,
 * the validated object) is the tool's result.
 *
 * ```
 * caller model ─call researcher({request})─► child session (state copied) ─► researcher runs
 *   ◄─ {result: "final text"} ─────────────────── state deltas forwarded to the caller
 * ```
 *
 * @example
 * ```ts
 * const coordinator = new LlmAgent({ name: 'coordinator', model, tools: [new AgentTool({ agent: researcher })] });
 * ```
 */
export class AgentTool extends BaseTool {
  readonly agent: BaseAgent;
  readonly skipSummarization: boolean;

  constructor(config: AgentToolConfig) {
    super({ name: config.agent.name, description: config.agent.description ?? '' });
    this.agent = config.agent;
    this.skipSummarization = config.skipSummarization ?? false;
  }

  override getDeclaration(): FunctionDeclaration {
    const input = this.inputSchema();
    return {
      name: this.name,
      description: this.description,
      parameters: input
        ? toGeminiSchema(input)
        : toGeminiSchema({ type: 'object', properties: { request: { type: 'string' } }, required: ['request'] }),
    };
  }

  /** Why `args` do not match the agent's input, or `undefined` when they do. */
  validateArguments(args: Record<string, unknown>): string | undefined {
    const input = this.inputSchema();
    if (input) return compileArgumentValidator(input)(args);
    return typeof args['request'] === 'string' ? undefined : "(arguments) must have required property 'request' (a string)";
  }

  override runAsync(args: Record<string, unknown>, ctx: ToolContext): Observable<unknown> {
    return defer(() => {
      if (this.skipSummarization) ctx.actions.skipSummarization = true;
      const invocation = ctx.invocation;
      const runner = new Runner({
        appName: this.agent.name,
        agent: this.agent,
        sessionService: new InMemorySessionService(),
        memoryService: new InMemoryMemoryService(),
        ...(invocation.artifactService
          ? { artifactService: new ForwardingArtifactService(invocation.artifactService, { appName: ctx.appName, userId: ctx.userId, sessionId: ctx.sessionId }) }
          : {}),
        plugins: [...(invocation.pluginManager?.plugins ?? [])],
        idGenerator: invocation.idGenerator,
        clock: invocation.clock,
        // the inner run is traced by the same instrumentation, under this tool call's span (its
        // subscription starts inside the tool's span context)
        ...(invocation.instrumentation ? { instrumentation: invocation.instrumentation } : {}),
      });
      const state = Object.fromEntries(Object.entries(ctx.state.toRecord()).filter(([key]) => !key.startsWith('_adk')));
      return runner.sessionService.createSession({ appName: this.agent.name, userId: ctx.userId, state }).pipe(
        concatMap((session) => runner.runAsync({ userId: ctx.userId, sessionId: session.id, newMessage: this.requestContent(args) })),
        tap((event) => ctx.state.update(event.actions.stateDelta)),
        filter((event) => (!!event.content && !event.partial) || this.isWorkflowOutput(event)),
        last(undefined, undefined as Event | undefined),
        map((event) => this.resultOf(event)),
      );
    });
  }

  private requestContent(args: Record<string, unknown>): Content {
    const text = this.inputSchema() ? JSON.stringify(args) : String(args['request'] ?? '');
    return { role: 'user', parts: [{ text }] };
  }

  /** A workflow's output event: a node's output that is also the workflow's (`nodeInfo.outputFor`). */
  private isWorkflowOutput(event: Event): boolean {
    return event.output !== undefined && (event.nodeInfo?.outputFor ?? []).includes(`${this.agent.name}@1`);
  }

  private resultOf(event: Event | undefined): unknown {
    if (event && this.isWorkflowOutput(event) && !event.nodeInfo?.messageAsOutput) return event.output;
    if (!event?.content) return '';
    const text = (event.content.parts ?? []).filter((p) => p.text && !p.thought).map((p) => p.text).join('\n');
    if (this.agent instanceof LlmAgent && this.agent.outputSchema) return parseStructuredOutput(this.agent.name, this.agent.outputSchema, text);
    return text;
  }

  private inputSchema() {
    return this.agent instanceof LlmAgent ? this.agent.inputSchema : undefined;
  }
}

