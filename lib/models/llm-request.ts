import { setOwn } from '../utils/set-own.js';
import type { Content, FunctionDeclaration, GenerateContentConfig, LiveConnectConfig, Tool } from '@google/genai';
import type { ToolLike } from './tool-like.js';

/**
 * What an agent sends to a model: the model name, the conversation so far, the generation config
 * (system instruction, tool declarations, temperature, ...) and, for the framework, the tools the
 * declarations refer to by name. Built fresh for every model call by the request processors; a
 * before-model callback may change it in place.
 *
 * @example
 * ```ts
 * const request = createLlmRequest({ model: 'gemini-2.5-flash', contents: [{ role: 'user', parts: [{ text: 'hi' }] }] });
 * appendInstructions(request, ['Be brief.']);
 * request.config.systemInstruction; // 'Be brief.'
 * ```
 */
export interface LlmRequest {
  model?: string;
  contents: Content[];
  config: GenerateContentConfig;
  /** The tools the function declarations name, by declared name (`BaseTool`s, seen from the models floor). */
  toolsDict: Record<string, ToolLike>;
  /** Live: the connection's settings (modalities, speech, transcriptions, resumption handle, ...). */
  liveConnectConfig?: LiveConnectConfig;
}

/**
 * Builds an {@link LlmRequest} with empty contents, config and tools unless given.
 *
 * @example
 * ```ts
 * createLlmRequest({ model: 'gemini-2.5-flash' }); // { model, contents: [], config: {}, toolsDict: {} }
 * ```
 */
export function createLlmRequest(init: Partial<LlmRequest> = {}): LlmRequest {
  const { contents = [], config = {}, toolsDict = {}, ...rest } = init;
  return { contents, config, toolsDict, ...rest };
}

/**
 * Appends instructions to the request's system instruction, separated by blank lines (as ADK
 * does).
 *
 * @example
 * ```ts
 * appendInstructions(request, ['Be brief.', 'Answer in French.']); // joined with blank lines
 * ```
 */
export function appendInstructions(request: LlmRequest, instructions: readonly string[]): void {
  if (instructions.length === 0) return;
  const added = instructions.join('\n\n');
  const current = systemInstructionText(request);
  request.config.systemInstruction = current ? `${current}\n\n${added}` : added;
}

/**
 * The system instruction as text (joining the parts of a Content instruction).
 *
 * @example
 * ```ts
 * systemInstructionText(createLlmRequest({ config: { systemInstruction: 'Be brief.' } })); // 'Be brief.'
 * ```
 */
export function systemInstructionText(request: LlmRequest): string {
  const instruction = request.config.systemInstruction;
  if (instruction === undefined || instruction === null) return '';
  if (typeof instruction === 'string') return instruction;
  if (Array.isArray(instruction)) return instruction.map((p) => (typeof p === 'string' ? p : (p.text ?? ''))).join('');
  const content = instruction as Content;
  if (content.parts) return content.parts.map((p) => p.text ?? '').join('');
  return (instruction as { text?: string }).text ?? '';
}

/**
 * Adds function declarations to the request: into the first `config.tools` entry that holds
 * function declarations (created if none), and each tool into `toolsDict` by name.
 *
 * @example
 * ```ts
 * appendFunctionDeclarations(request, [{ declaration: getWeather.getDeclaration(), tool: getWeather }]);
 * ```
 */
export function appendFunctionDeclarations(
  request: LlmRequest,
  entries: ReadonlyArray<{ declaration: FunctionDeclaration; tool: ToolLike }>,
): void {
  if (entries.length === 0) return;
  const tools = (request.config.tools ??= []) as Tool[];
  let holder = tools.find((t) => t.functionDeclarations !== undefined);
  if (!holder) tools.push((holder = { functionDeclarations: [] }));
  for (const { declaration, tool } of entries) {
    holder.functionDeclarations!.push(declaration);
    setOwn(request.toolsDict, declaration.name ?? tool.name, tool);
  }
}
