import type { Message, Part } from '@a2a-js/sdk';
import { NEVER, Observable } from 'rxjs';
import { LlmAgent } from '../../../lib/agents/llm-agent.js';
import { FunctionTool } from '../../../lib/tools/function-tool.js';
import { ScriptedLlm, type ScriptEntry } from '../../../lib/testing/scripted-llm.js';

/** The weather agent of the interop tests: `get_weather`, a slow tool, and a long-running `ask_manager`. */
export function weatherAgent(script: ScriptEntry[], seen: { aborts: number; slowCalls: number } = { aborts: 0, slowCalls: 0 }) {
  const model = new ScriptedLlm(script);
  const getWeather = new FunctionTool<{ city: string }>({
    name: 'get_weather',
    description: 'Returns the current weather in a city.',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    execute: ({ city }) => ({ city, weather: 'sunny' }),
  });
  const slow = new FunctionTool({
    name: 'slow_report',
    description: 'Writes a long report.',
    execute: (_args, ctx) =>
      new Observable<unknown>((subscriber) => {
        seen.slowCalls++;
        ctx.abortSignal.addEventListener('abort', () => seen.aborts++);
        return NEVER.subscribe(subscriber);
      }),
  });
  const askManager = new FunctionTool({
    name: 'ask_manager',
    description: 'Asks the manager for approval.',
    isLongRunning: true,
    execute: () => undefined,
  });
  const agent = new LlmAgent({
    name: 'weather_agent',
    description: 'Answers questions about the weather.',
    model,
    instruction: 'SECRET-INSTRUCTION: you are a weather assistant.',
    tools: [getWeather, slow, askManager],
  });
  return { agent, model, seen };
}

/** A v1.0 user message. */
export function userMessage(parts: Part[] | string, ids: { contextId?: string; taskId?: string } = {}): Message {
  return {
    messageId: `m-${Math.random().toString(36).slice(2)}`,
    contextId: ids.contextId ?? '',
    taskId: ids.taskId ?? '',
    role: 1 as Message['role'],
    parts: typeof parts === 'string' ? [textPart(parts)] : parts,
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
  };
}

export function textPart(text: string): Part {
  return { content: { $case: 'text', value: text }, metadata: undefined, filename: '', mediaType: 'text/plain' };
}

export function dataPart(value: unknown, metadata: Record<string, unknown>): Part {
  return { content: { $case: 'data', value }, metadata, filename: '', mediaType: '' };
}

export function textOf(parts: readonly Part[] | undefined): string {
  return (parts ?? []).map((part) => (part.content?.$case === 'text' ? part.content.value : '')).join('');
}
