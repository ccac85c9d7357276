import type { Observable } from 'rxjs';
import { of } from 'rxjs';
import type { ReadonlyContext } from '../context/readonly-context.js';
import type { BaseTool } from './base-tool.js';

/** Chooses which of a toolset's tools an agent sees: a list of names or a predicate. */
export type ToolFilter = readonly string[] | ((tool: BaseTool, ctx: ReadonlyContext) => boolean);

/**
 * A group of tools resolved per call (e.g. from an MCP server). An agent lists toolsets beside
 * tools; before each model call the toolset's {@link getTools} decides what the model sees.
 *
 * @example
 * ```ts
 * class MathTools extends BaseToolset {
 *   getTools() { return of([addTool, multiplyTool]); }
 * }
 * new LlmAgent({ name: 'calc', model, tools: [new MathTools({ toolFilter: ['add'] })] });
 * ```
 */
export abstract class BaseToolset {
  readonly toolFilter: ToolFilter | undefined;

  constructor(config: { toolFilter?: ToolFilter } = {}) {
    this.toolFilter = config.toolFilter;
  }

  /** The tools to offer in this context. */
  abstract getTools(ctx: ReadonlyContext): Observable<BaseTool[]>;

  /** Releases what the toolset holds (connections, processes). */
  close(): Observable<void> {
    return of(undefined);
  }

  /** True when `tool` passes {@link toolFilter}. */
  protected isToolSelected(tool: BaseTool, ctx: ReadonlyContext): boolean {
    const filter = this.toolFilter;
    if (!filter) return true;
    if (typeof filter === 'function') return filter(tool, ctx);
    return filter.includes(tool.name);
  }
}
