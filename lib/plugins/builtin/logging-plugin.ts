import type { Content, Part } from '@google/genai';
import type { CallbackContext } from '../../context/callback-context.js';
import type { InvocationContext } from '../../context/invocation-context.js';
import type { ToolContext } from '../../context/tool-context.js';
import type { Event } from '../../events/event.js';
import { getFunctionCalls } from '../../events/get-function-calls.js';
import { getFunctionResponses } from '../../events/get-function-responses.js';
import { isFinalResponse } from '../../events/is-final-response.js';
import { systemInstructionText, type LlmRequest } from '../../models/llm-request.js';
import type { LlmResponse } from '../../models/llm-response.js';
import type { BaseTool } from '../../tools/base-tool.js';
import { BasePlugin } from '../base-plugin.js';
import type { NodeHookInfo } from '../node-hook-info.js';

/** Options of {@link LoggingPlugin}. */
export interface LoggingPluginOptions {
  /** The plugin's name, also the prefix of every line (default `'logging_plugin'`). */
  name?: string;
  /** Where each line goes (default `console.log`). */
  log?: (line: string) => void;
  /** Wrap each line in grey (ANSI 90) (default `true`). */
  color?: boolean;
}

const GREY = '\u001b[90m';
const RESET = '\u001b[0m';
const TEXT_PREVIEW = 200;
const VALUE_PREVIEW = 300;

/**
 * Prints what happens during a run, one short block of lines per hook, in grey, each line
 * prefixed with `[<name>]`: the user message, the invocation starting and ending, each agent
 * starting and completing, each model request (model, number of contents, system-instruction
 * preview, tool names) and response (text preview, function calls, token usage), each tool call
 * (arguments, result), each event (author, final or not, function calls and responses, state
 * delta) and every error. For terminal debugging, as ADK's `LoggingPlugin`.
 *
 * It never returns a result from any hook, so it never changes the run: the events are the same
 * with and without it. Register it first so that it sees every hook (a plugin registered before it
 * that answers a hook ends that hook's chain).
 *
 * @example
 * ```ts
 * const runner = new InMemoryRunner({ agent, plugins: [new LoggingPlugin()], autoCreateSession: true });
 * // [logging_plugin] USER MESSAGE
 * // [logging_plugin]    Invocation ID: e-Xb3...
 * // [logging_plugin]    User Content: text: 'What is the weather in Paris?'
 * // ...
 *
 * // capture the lines, without colour (e.g. in a test):
 * const lines: string[] = [];
 * new LoggingPlugin({ log: (line) => lines.push(line), color: false });
 * ```
 */
export class LoggingPlugin extends BasePlugin {
  private readonly write: (line: string) => void;
  private readonly color: boolean;

  constructor(options: LoggingPluginOptions = {}) {
    super(options.name ?? 'logging_plugin');
    this.write = options.log ?? ((line: string) => console.log(line));
    this.color = options.color ?? true;
  }

  override onUserMessageCallback(ctx: InvocationContext, message: Content): undefined {
    this.print(
      'USER MESSAGE',
      `Invocation ID: ${ctx.invocationId}`,
      `Session ID: ${ctx.session.id}`,
      `User ID: ${ctx.session.userId}`,
      `App Name: ${ctx.session.appName}`,
      `Root Agent: ${ctx.agent.name}`,
      `User Content: ${formatContent(message)}`,
      ctx.branch ? `Branch: ${ctx.branch}` : undefined,
    );
    return undefined;
  }

  override beforeRunCallback(ctx: InvocationContext): undefined {
    this.print('INVOCATION STARTING', `Invocation ID: ${ctx.invocationId}`, `Starting Agent: ${ctx.agent.name}`);
    return undefined;
  }

  override onEventCallback(_ctx: InvocationContext, event: Event): undefined {
    this.print('EVENT', ...eventDetails(event));
    return undefined;
  }

  override afterRunCallback(ctx: InvocationContext): undefined {
    this.print('INVOCATION COMPLETED', `Invocation ID: ${ctx.invocationId}`, `Root Agent: ${ctx.agent.name}`);
    return undefined;
  }

  override onRunErrorCallback(ctx: InvocationContext, error: Error): undefined {
    this.print('INVOCATION FAILED', `Invocation ID: ${ctx.invocationId}`, `Error: ${formatError(error)}`);
    return undefined;
  }

  override beforeAgentCallback(ctx: CallbackContext): undefined {
    this.print('AGENT STARTING', `Agent Name: ${ctx.agentName}`, `Invocation ID: ${ctx.invocationId}`);
    return undefined;
  }

  override afterAgentCallback(ctx: CallbackContext): undefined {
    this.print('AGENT COMPLETED', `Agent Name: ${ctx.agentName}`, `Invocation ID: ${ctx.invocationId}`);
    return undefined;
  }

  override beforeModelCallback(ctx: CallbackContext, request: LlmRequest): undefined {
    this.print('LLM REQUEST', ...requestDetails(ctx, request));
    return undefined;
  }

  override afterModelCallback(ctx: CallbackContext, response: LlmResponse): undefined {
    this.print('LLM RESPONSE', ...responseDetails(ctx, response));
    return undefined;
  }

  override onModelErrorCallback(ctx: CallbackContext, _request: LlmRequest, error: Error): undefined {
    this.print('LLM ERROR', `Agent: ${ctx.agentName}`, `Error: ${formatError(error)}`);
    return undefined;
  }

  override beforeToolCallback(ctx: ToolContext, tool: BaseTool, args: Record<string, unknown>): undefined {
    this.print('TOOL STARTING', ...toolDetails(ctx, tool), `Arguments: ${formatValue(args)}`);
    return undefined;
  }

  override afterToolCallback(
    ctx: ToolContext,
    tool: BaseTool,
    _args: Record<string, unknown>,
    result: Record<string, unknown>,
  ): undefined {
    this.print('TOOL COMPLETED', ...toolDetails(ctx, tool), `Result: ${formatValue(result)}`);
    return undefined;
  }

  override beforeNodeCallback(ctx: CallbackContext, node: NodeHookInfo, input: unknown): undefined {
    this.print('NODE STARTING', `Node: ${node.path} (attempt ${node.attempt})`, `Input: ${formatValue(input)}`, `Invocation ID: ${ctx.invocationId}`);
    return undefined;
  }

  override afterNodeCallback(ctx: CallbackContext, node: NodeHookInfo, output: unknown): undefined {
    this.print('NODE COMPLETED', `Node: ${node.path}`, `Output: ${formatValue(output)}`, `Invocation ID: ${ctx.invocationId}`);
    return undefined;
  }

  override onToolErrorCallback(ctx: ToolContext, tool: BaseTool, args: Record<string, unknown>, error: Error): undefined {
    this.print('TOOL ERROR', ...toolDetails(ctx, tool), `Arguments: ${formatValue(args)}`, `Error: ${formatError(error)}`);
    return undefined;
  }

  /** Writes the title line and the (indented) detail lines that are defined. */
  private print(title: string, ...details: Array<string | undefined>): void {
    this.line(title);
    for (const detail of details) if (detail !== undefined) this.line(`   ${detail}`);
  }

  private line(message: string): void {
    const text = `[${this.name}] ${message}`;
    this.write(this.color ? `${GREY}${text}${RESET}` : text);
  }
}

function requestDetails(ctx: CallbackContext, request: LlmRequest): Array<string | undefined> {
  const instruction = systemInstructionText(request);
  const tools = Object.keys(request.toolsDict);
  return [
    `Model: ${request.model || 'default'}`,
    `Agent: ${ctx.agentName}`,
    `Contents: ${request.contents.length}`,
    instruction ? `System Instruction: '${preview(instruction)}'` : undefined,
    tools.length ? `Available Tools: ${tools.join(', ')}` : undefined,
  ];
}

function responseDetails(ctx: CallbackContext, response: LlmResponse): Array<string | undefined> {
  const usage = response.usageMetadata;
  return [
    `Agent: ${ctx.agentName}`,
    ...(response.errorCode || response.errorMessage
      ? [`Error Code: ${response.errorCode ?? 'unknown'}`, `Error Message: ${response.errorMessage ?? ''}`]
      : [`Content: ${formatContent(response.content)}`]),
    response.partial ? 'Partial: true' : undefined,
    response.turnComplete !== undefined ? `Turn Complete: ${response.turnComplete}` : undefined,
    usage
      ? `Token Usage - Input: ${usage.promptTokenCount ?? '?'}, Output: ${usage.candidatesTokenCount ?? '?'}, Total: ${usage.totalTokenCount ?? '?'}`
      : undefined,
  ];
}

function eventDetails(event: Event): Array<string | undefined> {
  const calls = getFunctionCalls(event);
  const responses = getFunctionResponses(event);
  const delta = event.actions.stateDelta;
  return [
    `Event ID: ${event.id}`,
    `Author: ${event.author}`,
    `Content: ${formatContent(event.content)}`,
    `Final Response: ${isFinalResponse(event)}`,
    event.partial ? 'Partial: true' : undefined,
    calls.length ? `Function Calls: ${calls.map((c) => `${c.name}(${formatValue(c.args ?? {})})`).join(', ')}` : undefined,
    responses.length ? `Function Responses: ${responses.map((r) => `${r.name} → ${formatValue(r.response ?? {})}`).join(', ')}` : undefined,
    event.longRunningToolIds?.length ? `Long Running Tools: ${event.longRunningToolIds.join(', ')}` : undefined,
    Object.keys(delta).length ? `State Delta: ${formatValue(delta)}` : undefined,
    event.actions.transferToAgent ? `Transfer To: ${event.actions.transferToAgent}` : undefined,
    event.actions.escalate ? 'Escalate: true' : undefined,
    event.errorCode || event.errorMessage ? `Error: ${event.errorCode ?? ''} ${event.errorMessage ?? ''}`.trim() : undefined,
  ];
}

function toolDetails(ctx: ToolContext, tool: BaseTool): string[] {
  return [`Tool Name: ${tool.name}`, `Agent: ${ctx.agentName}`, `Function Call ID: ${ctx.functionCallId}`];
}

/** Each part in a few words: `text: '...'`, `function_call: f({...})`, `function_response: f → {...}`. */
function formatContent(content: Content | undefined): string {
  if (!content?.parts?.length) return 'None';
  return content.parts.map(formatPart).join(' | ');
}

function formatPart(part: Part): string {
  if (part.text !== undefined) return `${part.thought ? 'thought' : 'text'}: '${preview(part.text.trim())}'`;
  if (part.functionCall) return `function_call: ${part.functionCall.name}(${formatValue(part.functionCall.args ?? {})})`;
  if (part.functionResponse) return `function_response: ${part.functionResponse.name} → ${formatValue(part.functionResponse.response ?? {})}`;
  if (part.executableCode) return 'executable_code';
  if (part.codeExecutionResult) return 'code_execution_result';
  if (part.inlineData) return `inline_data: ${part.inlineData.mimeType ?? 'unknown'}`;
  if (part.fileData) return `file_data: ${part.fileData.fileUri ?? ''}`;
  return 'other_part';
}

/** A text on one line (line breaks shown as `\\n`), truncated. */
function preview(text: string): string {
  return truncate(text, TEXT_PREVIEW).replace(/\r?\n/g, '\\n');
}

/** JSON, truncated; never throws (cycles, BigInts, functions are described instead). */
function formatValue(value: unknown): string {
  return truncate(safeJson(value), VALUE_PREVIEW);
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)) ?? String(value);
  } catch {
    return String(value);
  }
}

function formatError(error: Error): string {
  return `${error.name}: ${error.message}`;
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}
