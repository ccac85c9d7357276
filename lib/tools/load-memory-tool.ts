import { map, type Observable } from 'rxjs';
import type { ToolContext } from '../context/tool-context.js';
import { appendInstructions, type LlmRequest } from '../models/llm-request.js';
import { FunctionTool } from './function-tool.js';
import type { MemoryEntry } from '../memory/base-memory-service.js';

/**
 * The instruction Google ADK's `load_memory` adds to every request of an agent that has it.
 *
 * @example
 * ```ts
 * systemInstructionText(request).includes(LOAD_MEMORY_INSTRUCTION); // true when the agent has loadMemoryTool
 * ```
 */
export const LOAD_MEMORY_INSTRUCTION =
  'You have memory. You can use it to answer questions. If any questions need you to look up the memory, ' +
  'you should call load_memory function with a query.';

/** What `load_memory` answers the model. */
export interface LoadMemoryResponse {
  memories: MemoryEntry[];
}

/**
 * Google ADK's `load_memory` tool: the model calls it with a `query`, and it answers with what
 * the Runner's memory service finds for the current user (`ctx.searchMemory(query)`), as
 * `{ memories: [...] }`. It also tells the model, in the system instruction, that it has memory.
 * Needs a `memoryService` on the Runner (`InMemoryRunner` has one).
 *
 * @example
 * ```ts
 * import { LlmAgent, loadMemoryTool } from 'rxadk';
 *
 * const agent = new LlmAgent({ name: 'assistant', model: 'gemini-2.5-flash', tools: [loadMemoryTool] });
 * const runner = new Runner({ appName: 'app', agent, sessionService, memoryService: new InMemoryMemoryService() });
 * ```
 */
export class LoadMemoryTool extends FunctionTool<{ query: string }> {
  constructor() {
    super({
      name: 'load_memory',
      description: 'Loads the memory for the current user.',
      parameters: {
        type: 'object',
        properties: { query: { type: 'string', description: 'The query to load the memory for.' } },
        required: ['query'],
      },
      execute: ({ query }, ctx) => searchMemory(query, ctx),
    });
  }

  override processLlmRequest(ctx: ToolContext, request: LlmRequest): Observable<void> | void {
    const declared = super.processLlmRequest(ctx, request);
    appendInstructions(request, [LOAD_MEMORY_INSTRUCTION]);
    return declared;
  }
}

function searchMemory(query: string, ctx: ToolContext): Observable<LoadMemoryResponse> {
  return ctx.searchMemory(query).pipe(map(({ memories }) => ({ memories })));
}

/**
 * The shared {@link LoadMemoryTool} (it keeps no state).
 *
 * @example
 * ```ts
 * new LlmAgent({ name: 'assistant', model, tools: [loadMemoryTool] });
 * ```
 */
export const loadMemoryTool = new LoadMemoryTool();
