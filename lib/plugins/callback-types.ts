import type { Content } from '@google/genai';
import type { CallbackContext } from '../context/callback-context.js';
import type { InvocationContext } from '../context/invocation-context.js';
import type { ToolContext } from '../context/tool-context.js';
import type { Event } from '../events/event.js';
import type { LlmRequest } from '../models/llm-request.js';
import type { LlmResponse } from '../models/llm-response.js';
import type { BaseTool } from '../tools/base-tool.js';
import type { MaybeAsync } from '../utils/from-maybe-async.js';
import type { NodeHookInfo } from './node-hook-info.js';

/** The arguments of every hook, by name. Plugins and agents' own callbacks take the same ones. */
export interface HookArgs {
  onUserMessageCallback: [ctx: InvocationContext, message: Content];
  beforeRunCallback: [ctx: InvocationContext];
  afterRunCallback: [ctx: InvocationContext];
  onRunErrorCallback: [ctx: InvocationContext, error: Error];
  onEventCallback: [ctx: InvocationContext, event: Event];
  beforeAgentCallback: [ctx: CallbackContext];
  afterAgentCallback: [ctx: CallbackContext];
  beforeModelCallback: [ctx: CallbackContext, request: LlmRequest];
  afterModelCallback: [ctx: CallbackContext, response: LlmResponse];
  onModelErrorCallback: [ctx: CallbackContext, request: LlmRequest, error: Error];
  beforeToolCallback: [ctx: ToolContext, tool: BaseTool, args: Record<string, unknown>];
  afterToolCallback: [ctx: ToolContext, tool: BaseTool, args: Record<string, unknown>, result: Record<string, unknown>];
  onToolErrorCallback: [ctx: ToolContext, tool: BaseTool, args: Record<string, unknown>, error: Error];
  /** Before each attempt of a workflow node; `ctx` is the node's context (a `NodeContext`). */
  beforeNodeCallback: [ctx: CallbackContext, node: NodeHookInfo, input: unknown];
  /** After a workflow node produced its output, before the output is committed. */
  afterNodeCallback: [ctx: CallbackContext, node: NodeHookInfo, output: unknown];
}

/** What a hook may return to take effect (or nothing to let the run go on). */
export interface HookResults {
  onUserMessageCallback: Content;
  beforeRunCallback: Content;
  afterRunCallback: void;
  onRunErrorCallback: void;
  onEventCallback: Event;
  beforeAgentCallback: Content;
  afterAgentCallback: Content;
  beforeModelCallback: LlmResponse;
  afterModelCallback: LlmResponse;
  onModelErrorCallback: LlmResponse;
  beforeToolCallback: Record<string, unknown>;
  afterToolCallback: Record<string, unknown>;
  onToolErrorCallback: Record<string, unknown>;
  /** A value (not `undefined`) is the node's output: the node does not run. */
  beforeNodeCallback: unknown;
  /** A value (not `undefined`) replaces the node's output. */
  afterNodeCallback: unknown;
}

/** A hook's name. */
export type HookName = keyof HookArgs;

/** The function type of the hook `K`. */
export type Hook<K extends HookName> = (...args: HookArgs[K]) => MaybeAsync<HookResults[K]>;

/** Every hook, as a plugin may implement them. */
export type PluginHooks = { [K in HookName]: Hook<K> };

/** Before/after agent callback: a `Content` result short-circuits (before) or adds an event (after). */
export type AgentCallback = Hook<'beforeAgentCallback'>;
/** A `LlmResponse` result skips the model call (and the after-model chain). */
export type BeforeModelCallback = Hook<'beforeModelCallback'>;
/** Called per response (and per streamed chunk); a result replaces the response. */
export type AfterModelCallback = Hook<'afterModelCallback'>;
/** A result stands in for the failed model call. */
export type OnModelErrorCallback = Hook<'onModelErrorCallback'>;
/** A result is used as the tool's result; the tool does not run. */
export type BeforeToolCallback = Hook<'beforeToolCallback'>;
/** A result replaces the tool's result. */
export type AfterToolCallback = Hook<'afterToolCallback'>;
/** A result stands in for the failed tool's result. */
export type OnToolErrorCallback = Hook<'onToolErrorCallback'>;

/** One callback or several, run in order (first defined wins). */
export type OneOrMany<T> = T | T[];
