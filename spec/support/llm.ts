import type { Content, FunctionCall } from '@google/genai';
import { map, type Observable, toArray } from 'rxjs';
import type { LlmResponse } from '../../lib/models/llm-response.js';
import type { Runner } from '../../lib/runner/runner.js';
import { simplifyEvent } from '../../lib/testing/simplify-events.js';
import { FunctionTool } from '../../lib/tools/function-tool.js';

/** A model answer with text. */
export function text(value: string): LlmResponse {
  return { content: { role: 'model', parts: [{ text: value }] } };
}

/** A model answer with function calls (no ids: the framework assigns them). */
export function calls(...fcs: FunctionCall[]): LlmResponse {
  return { content: { role: 'model', parts: fcs.map((functionCall) => ({ functionCall })) } };
}

/** A user message. */
export function user(value: string): Content {
  return { role: 'user', parts: [{ text: value }] };
}

/** The simplified events of one turn, as one array. */
export function turnOf(runner: Runner, message: string, sessionId = 's1'): Observable<string[]> {
  return runner.runAsync({ userId: 'u1', sessionId, newMessage: user(message) }).pipe(map(simplifyEvent), toArray());
}

/** A get_weather tool whose calls are recorded. */
export function weatherTool(calls: Array<Record<string, unknown>> = []) {
  return new FunctionTool({
    name: 'get_weather',
    description: 'Returns the weather in a city.',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    execute: (args: Record<string, unknown>) => {
      calls.push(args);
      return { city: args['city'], sky: 'sunny', temp: 25 };
    },
  });
}
