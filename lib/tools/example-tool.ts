import type { Content, Part } from '@google/genai';
import type { ToolContext } from '../context/tool-context.js';
import { appendInstructions, type LlmRequest } from '../models/llm-request.js';
import { pythonRepr } from '../utils/python-repr.js';
import { BaseTool } from './base-tool.js';

/** One few-shot example: a user input and the model's (and tools') output turns. */
export interface Example {
  input: Content;
  output: Content[];
}

/**
 * Few-shot examples for the model, as ADK's `ExampleTool`: before each model call whose user
 * message has text, the examples are appended to the system instruction in ADK's format
 * (`<EXAMPLES>` … `EXAMPLE 1:` … `[user]` … `[model]` … `</EXAMPLES>`-style block), function
 * calls written as Python-like calls.
 *
 * @example
 * ```ts
 * new ExampleTool([{ input: { role: 'user', parts: [{ text: 'hi' }] }, output: [{ role: 'model', parts: [{ text: 'Hello!' }] }] }]);
 * ```
 */
export class ExampleTool extends BaseTool {
  constructor(readonly examples: readonly Example[]) {
    super({ name: 'example_tool', description: 'example tool' });
  }

  override processLlmRequest(ctx: ToolContext, request: LlmRequest): void {
    const text = ctx.userContent?.parts?.[0]?.text;
    if (!text) return;
    appendInstructions(request, [examplesInstruction(this.examples, request.model)]);
  }
}

const INTRO = '<EXAMPLES>\nBegin few-shot\nThe following are examples of user queries and model responses using the available tools.\n\n';
const END = 'End few-shot\n<EXAMPLES>';

/**
 * ADK's text for a list of examples (`model` decides between Gemini 2 and older code fences).
 *
 * @example
 * ```ts
 * examplesInstruction(examples, 'gemini-2.5-flash'); // '<EXAMPLES>\nBegin few-shot\n...'
 * ```
 */
export function examplesInstruction(examples: readonly Example[], model: string | undefined): string {
  const gemini2 = model === undefined || model.includes('gemini-2');
  return `${INTRO}${examples.map((e, i) => exampleText(e, i + 1, gemini2)).join('')}${END}`;
}

function exampleText(example: Example, number: number, gemini2: boolean): string {
  let out = `EXAMPLE ${number}:\nBegin example\n[user]\n`;
  const input = (example.input.parts ?? []).filter((p) => p.text).map((p) => p.text);
  if (input.length) out += `${input.join('\n')}\n`;
  let previousRole: string | undefined;
  for (const content of example.output) {
    const role = content.role === 'model' ? '[model]\n' : '[user]\n';
    if (role !== previousRole) out += role;
    previousRole = role;
    for (const part of content.parts ?? []) out += partText(part, gemini2);
  }
  return `${out}End example\n\n`;
}

function partText(part: Part, gemini2: boolean): string {
  if (part.functionCall) {
    const args = Object.entries(part.functionCall.args ?? {}).map(([k, v]) => (typeof v === 'string' ? `${k}='${v}'` : `${k}=${pythonRepr(v)}`));
    return `${gemini2 ? '```\n' : '```tool_code\n'}${part.functionCall.name}(${args.join(', ')})\n\`\`\`\n`;
  }
  if (part.functionResponse) {
    const { id, name, response } = part.functionResponse;
    const fields = { will_continue: null, scheduling: null, parts: null, id: id ?? null, name: name ?? null, response: response ?? null };
    return `${gemini2 ? '```\n' : '```tool_outputs\n'}${pythonRepr(fields)}\n\`\`\`\n`;
  }
  if (part.text) return `${part.text}\n`;
  return '';
}
