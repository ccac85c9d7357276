import type { FunctionCall } from '@google/genai';
import type { ToolLike } from '../models/tool-like.js';
import type { AgentLike } from './agent-like.js';

/**
 * One tool call as `Instrumentation.toolCall` sees it: the agent, the model's call and the
 * tool it names (`undefined` when the agent has no such tool to run).
 *
 * @example
 * ```ts
 * const call: InstrumentedToolCall = { agent, call: { id: 'c1', name: 'get_weather', args: { city: 'Paris' } }, tool: getWeather };
 * ```
 */
export interface InstrumentedToolCall {
  agent: AgentLike;
  call: FunctionCall;
  tool: ToolLike | undefined;
}
