import type { AgentLike } from '../context/agent-like.js';
import type { InstrumentedToolCall } from '../context/instrumented-tool-call.js';
import type { InvocationContext } from '../context/invocation-context.js';
import type { ToolCallOutcome } from '../context/tool-call-outcome.js';
import type { Event } from '../events/event.js';
import type { LlmRequest } from '../models/llm-request.js';

/** Span attribute values, as OpenTelemetry takes them. */
export type SpanAttributes = Record<string, string | number | boolean | string[]>;

/** What every rxadk span carries: ADK's `gcp.vertex.agent.*` ids of the invocation. */
function runIds(ctx: InvocationContext): SpanAttributes {
  return { 'gcp.vertex.agent.invocation_id': ctx.invocationId, 'gcp.vertex.agent.session_id': ctx.session.id };
}

/**
 * The attributes of the `invocation` span.
 *
 * @example
 * ```ts
 * invocationAttributes(ctx); // { 'gcp.vertex.agent.invocation_id': 'e-…', 'gcp.vertex.agent.session_id': 's1', 'gen_ai.conversation.id': 's1' }
 * ```
 */
export function invocationAttributes(ctx: InvocationContext): SpanAttributes {
  return { ...runIds(ctx), 'gen_ai.conversation.id': ctx.session.id, 'gcp.vertex.agent.app_name': ctx.session.appName };
}

/**
 * The attributes of an `invoke_agent {agent}` span (GenAI semantic conventions 1.37, as ADK sets them).
 *
 * @example
 * ```ts
 * agentAttributes(ctx, agent)['gen_ai.operation.name']; // 'invoke_agent'
 * ```
 */
export function agentAttributes(ctx: InvocationContext, agent: AgentLike): SpanAttributes {
  return {
    ...runIds(ctx),
    'gen_ai.operation.name': 'invoke_agent',
    'gen_ai.agent.name': agent.name,
    'gen_ai.agent.description': agent.description ?? '',
    'gen_ai.conversation.id': ctx.session.id,
  };
}

/**
 * The request attributes of a `call_llm` span: model, provider, sampling settings and (with
 * content capture) the request as JSON, inline data left out as ADK does.
 *
 * @example
 * ```ts
 * modelRequestAttributes(ctx, request, 'gcp.gemini', false)['gen_ai.request.model']; // 'gemini-2.5-flash'
 * ```
 */
export function modelRequestAttributes(ctx: InvocationContext, request: LlmRequest, provider: string, capture: boolean): SpanAttributes {
  const config = request.config;
  return {
    ...runIds(ctx),
    'gen_ai.system': 'gcp.vertex.agent',
    'gen_ai.operation.name': 'chat',
    'gen_ai.provider.name': provider,
    'gen_ai.request.model': request.model ?? '',
    ...(config.temperature !== undefined ? { 'gen_ai.request.temperature': config.temperature } : {}),
    ...(config.topP !== undefined ? { 'gen_ai.request.top_p': config.topP } : {}),
    ...(config.maxOutputTokens !== undefined ? { 'gen_ai.request.max_tokens': config.maxOutputTokens } : {}),
    'gcp.vertex.agent.llm_request': capture ? safeJson(requestForTrace(request)) : '{}',
  };
}

/**
 * The response attributes of a `call_llm` span, from the final model event: its id, the finish
 * reasons, the token usage and (with content capture) the response as JSON.
 *
 * @example
 * ```ts
 * modelResponseAttributes(finalEvent, false)['gen_ai.usage.input_tokens']; // 42
 * ```
 */
export function modelResponseAttributes(event: Event, capture: boolean): SpanAttributes {
  const usage = event.usageMetadata;
  return {
    'gcp.vertex.agent.event_id': event.id,
    ...(event.finishReason ? { 'gen_ai.response.finish_reasons': [String(event.finishReason).toLowerCase()] } : {}),
    ...(event.modelVersion ? { 'gen_ai.response.model': event.modelVersion } : {}),
    ...(usage?.promptTokenCount !== undefined ? { 'gen_ai.usage.input_tokens': usage.promptTokenCount } : {}),
    ...(usage?.candidatesTokenCount !== undefined ? { 'gen_ai.usage.output_tokens': usage.candidatesTokenCount } : {}),
    'gcp.vertex.agent.llm_response': capture ? safeJson(responseForTrace(event)) : '{}',
  };
}

/**
 * The attributes of an `execute_tool {tool}` span known before the tool runs.
 *
 * @example
 * ```ts
 * toolAttributes(ctx, { agent, call, tool }, false)['gen_ai.tool.call.id']; // 'call_1'
 * ```
 */
export function toolAttributes(ctx: InvocationContext, { call, tool }: InstrumentedToolCall, capture: boolean): SpanAttributes {
  return {
    ...runIds(ctx),
    'gen_ai.operation.name': 'execute_tool',
    'gen_ai.tool.name': call.name ?? '',
    'gen_ai.tool.description': tool?.description ?? '',
    'gen_ai.tool.type': tool ? tool.constructor.name : 'unknown',
    'gen_ai.tool.call.id': call.id ?? '<not specified>',
    'gcp.vertex.agent.llm_request': '{}',
    'gcp.vertex.agent.llm_response': '{}',
    'gcp.vertex.agent.tool_call_args': capture ? safeJson(call.args ?? {}) : '{}',
  };
}

/**
 * The attributes of an `execute_tool` span from its outcome: the response event's id and (with
 * content capture) the response.
 *
 * @example
 * ```ts
 * toolOutcomeAttributes(outcome, true)['gcp.vertex.agent.tool_response']; // '{"city":"Paris"}'
 * ```
 */
export function toolOutcomeAttributes(outcome: ToolCallOutcome, capture: boolean): SpanAttributes {
  const response = outcome.event.content?.parts?.find((p) => p.functionResponse)?.functionResponse?.response;
  return {
    'gcp.vertex.agent.event_id': outcome.event.id,
    'gcp.vertex.agent.tool_response': capture ? safeJson(response ?? {}) : '{}',
  };
}

/**
 * The tool's reply when it is an `{error}` (a failed, timed-out or refused call), else `undefined`.
 *
 * @example
 * ```ts
 * toolErrorOf(outcome); // 'get_weather failed: boom'
 * ```
 */
export function toolErrorOf(outcome: ToolCallOutcome): string | undefined {
  const response = outcome.event.content?.parts?.find((p) => p.functionResponse)?.functionResponse?.response as Record<string, unknown> | undefined;
  const error = response && Object.hasOwn(response, 'error') ? response['error'] : undefined;
  return outcome.failure?.message ?? (typeof error === 'string' ? error : undefined);
}

function requestForTrace(request: LlmRequest): unknown {
  const { abortSignal: _signal, ...config } = request.config;
  const contents = request.contents.map((c) => ({ ...c, parts: (c.parts ?? []).filter((p) => !p.inlineData) }));
  return { model: request.model, config, contents };
}

function responseForTrace(event: Event): unknown {
  const { content, finishReason, usageMetadata, errorCode, errorMessage } = event;
  return { content, finishReason, usageMetadata, errorCode, errorMessage };
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? 'null';
  } catch {
    return '<not serializable>';
  }
}

/**
 * `gen_ai.provider.name` of an agent's model: the model's `providerName` when it has one
 * (`'openai'`, `'anthropic'`, `'ollama'`, ...), `'gcp.gemini'` for Gemini, else its class name.
 *
 * @example
 * ```ts
 * providerNameOf(new LlmAgent({ name: 'a', model: 'gemini-2.5-flash' })); // 'gcp.gemini'
 * ```
 */
export function providerNameOf(agent: AgentLike): string {
  const llm = (agent as { canonicalModel?: () => { providerName?: string; constructor: { name: string } } }).canonicalModel?.();
  if (!llm) return 'unknown';
  if (typeof llm.providerName === 'string') return llm.providerName;
  return llm.constructor.name === 'Gemini' ? 'gcp.gemini' : llm.constructor.name;
}
