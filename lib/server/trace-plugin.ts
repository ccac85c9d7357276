import type { Content } from '@google/genai';
import type { AgentLike } from '../context/agent-like.js';
import type { CallbackContext } from '../context/callback-context.js';
import type { InvocationContext } from '../context/invocation-context.js';
import type { ToolContext } from '../context/tool-context.js';
import type { Event } from '../events/event.js';
import type { LlmRequest } from '../models/llm-request.js';
import type { LlmResponse } from '../models/llm-response.js';
import { BasePlugin } from '../plugins/base-plugin.js';
import type { HookName } from '../plugins/callback-types.js';
import type { BaseTool } from '../tools/base-tool.js';
import { asArray } from '../utils/as-array.js';
import { summarizeContent, summarizeJson } from './summarize-content.js';
import type { TraceEntry, TraceEntryInit, TraceHook } from './trace-entry.js';
import type { TraceStore } from './trace-store.js';

/**
 * The name a {@link TracePlugin} registers under.
 *
 * @example
 * ```ts
 * runner.pluginManager.getPlugin(TRACE_PLUGIN_NAME); // the TracePlugin
 * ```
 */
export const TRACE_PLUGIN_NAME = 'rxadk_dev_trace';

/** What a trace entry says beyond the hook and the invocation. */
type EntryDetails = Partial<Pick<TraceEntry, 'agent' | 'tool' | 'functionCallId' | 'eventId' | 'author' | 'partial' | 'detail' | 'error'>>;

/**
 * Records every hook that fires during a run into a {@link TraceStore}: the Runner's hooks, and
 * before/after agent, model and tool (and their error hooks), each with the agent or tool name,
 * the app plugins and agent callbacks that hook runs next, and a short detail. It never returns a
 * result, so it never changes a run; register it **first** so that it sees every hook even when
 * a later plugin answers one.
 *
 * @example
 * ```ts
 * const traces = new TraceStore();
 * const runner = new Runner({ appName: 'weather', agent, sessionService,
 *                             plugins: [new TracePlugin(traces, appPlugins), ...appPlugins] });
 * // after a run:
 * traces.tracesOf({ appName: 'weather', userId, sessionId }).map((e) => e.hook);
 * // ['onUserMessage', 'beforeRun', 'beforeAgent', 'beforeModel', 'afterModel', 'onEvent', ...]
 * ```
 */
export class TracePlugin extends BasePlugin {
  private readonly pluginsByHook = new Map<HookName, string[]>();

  /** @param appPlugins the plugins registered after this one (named in each entry's `plugins`). */
  constructor(
    private readonly traces: TraceStore,
    private readonly appPlugins: readonly BasePlugin[] = [],
  ) {
    super(TRACE_PLUGIN_NAME);
  }

  override onUserMessageCallback(ctx: InvocationContext, message: Content): undefined {
    this.recordRun(ctx, 'onUserMessage', { detail: summarizeContent(message) });
    return undefined;
  }

  override beforeRunCallback(ctx: InvocationContext): undefined {
    this.recordRun(ctx, 'beforeRun', { agent: ctx.agent.name });
    return undefined;
  }

  override onEventCallback(ctx: InvocationContext, event: Event): undefined {
    const details: EntryDetails = { eventId: event.id, author: event.author, detail: summarizeEvent(event) };
    this.recordRun(ctx, 'onEvent', event.partial ? { ...details, partial: true } : details);
    return undefined;
  }

  override afterRunCallback(ctx: InvocationContext): undefined {
    this.recordRun(ctx, 'afterRun', { agent: ctx.agent.name });
    return undefined;
  }

  override onRunErrorCallback(ctx: InvocationContext, error: Error): undefined {
    this.recordRun(ctx, 'onRunError', { error: error.message });
    return undefined;
  }

  override beforeAgentCallback(ctx: CallbackContext): undefined {
    this.recordAgent(ctx, 'beforeAgent', {});
    return undefined;
  }

  override afterAgentCallback(ctx: CallbackContext): undefined {
    this.recordAgent(ctx, 'afterAgent', {});
    return undefined;
  }

  override beforeModelCallback(ctx: CallbackContext, request: LlmRequest): undefined {
    this.recordAgent(ctx, 'beforeModel', { detail: `${request.contents.length} content(s)` });
    return undefined;
  }

  override afterModelCallback(ctx: CallbackContext, response: LlmResponse): undefined {
    const details: EntryDetails = { detail: summarizeContent(response.content) || response.errorMessage || '' };
    this.recordAgent(ctx, 'afterModel', response.partial ? { ...details, partial: true } : details);
    return undefined;
  }

  override onModelErrorCallback(ctx: CallbackContext, _request: LlmRequest, error: Error): undefined {
    this.recordAgent(ctx, 'onModelError', { error: error.message });
    return undefined;
  }

  override beforeToolCallback(ctx: ToolContext, tool: BaseTool, args: Record<string, unknown>): undefined {
    this.recordAgent(ctx, 'beforeTool', { ...toolDetails(ctx, tool), detail: summarizeJson(args) });
    return undefined;
  }

  override afterToolCallback(ctx: ToolContext, tool: BaseTool, _args: Record<string, unknown>, result: Record<string, unknown>): undefined {
    this.recordAgent(ctx, 'afterTool', { ...toolDetails(ctx, tool), detail: summarizeJson(result) });
    return undefined;
  }

  override onToolErrorCallback(ctx: ToolContext, tool: BaseTool, _args: Record<string, unknown>, error: Error): undefined {
    this.recordAgent(ctx, 'onToolError', { ...toolDetails(ctx, tool), error: error.message });
    return undefined;
  }

  /** A Runner-level hook (its context is the invocation's). */
  private recordRun(ctx: InvocationContext, hook: TraceHook, details: EntryDetails): void {
    this.traces.record(ctx.runConfig, {
      invocationId: ctx.invocationId,
      appName: ctx.session.appName,
      userId: ctx.session.userId,
      sessionId: ctx.session.id,
      hook,
      ...this.participants(hook),
      ...details,
    });
  }

  /** An agent, model or tool hook: names the agent and counts its own callbacks of this kind. */
  private recordAgent(ctx: CallbackContext, hook: TraceHook, details: EntryDetails): void {
    const init: TraceEntryInit = {
      invocationId: ctx.invocationId,
      appName: ctx.appName,
      userId: ctx.userId,
      sessionId: ctx.sessionId,
      hook,
      agent: ctx.agentName,
      ...this.participants(hook),
      callbacks: agentCallbackCount(ctx.invocation.agent, hook),
      ...details,
    };
    this.traces.record(ctx.invocation.runConfig, init);
  }

  /** The app plugins that implement `hook`, in order. */
  private participants(hook: TraceHook): { plugins: string[] } {
    const name = `${hook}Callback` as HookName;
    let plugins = this.pluginsByHook.get(name);
    if (!plugins) {
      plugins = this.appPlugins.filter((plugin) => typeof plugin[name] === 'function').map((plugin) => plugin.name);
      this.pluginsByHook.set(name, plugins);
    }
    return { plugins };
  }
}

function toolDetails(ctx: ToolContext, tool: BaseTool): EntryDetails {
  return { tool: tool.name, functionCallId: ctx.functionCallId };
}

function summarizeEvent(event: Event): string {
  const content = summarizeContent(event.content);
  if (content) return content;
  const delta = event.actions?.stateDelta ?? {};
  if (Object.keys(delta).length > 0) return `state ${summarizeJson(delta)}`;
  return event.errorMessage ? `error ${event.errorMessage}` : '';
}

/**
 * How many callbacks of `hook` the agent declares: `LlmAgent` keeps model and tool callbacks in
 * arrays (`beforeModelCallbacks`), every agent keeps agent callbacks as one or many
 * (`beforeAgentCallback`).
 */
function agentCallbackCount(agent: AgentLike, hook: TraceHook): number {
  const fields = agent as unknown as Record<string, unknown>;
  const many = fields[`${hook}Callbacks`];
  if (Array.isArray(many)) return many.length;
  return asArray(fields[`${hook}Callback`] as unknown).filter((callback) => typeof callback === 'function').length;
}
