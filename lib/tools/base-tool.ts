import type { FunctionDeclaration } from '@google/genai';
import { type Observable, throwError } from 'rxjs';
import type { ToolContext } from '../context/tool-context.js';
import { appendFunctionDeclarations, type LlmRequest } from '../models/llm-request.js';

/** What every tool is built from. */
export interface BaseToolConfig {
  name: string;
  description: string;
  /** The tool starts work that finishes later; its call id goes into `longRunningToolIds`. */
  isLongRunning?: boolean;
  /**
   * Milliseconds one call of this tool may take; wins over the run's `RunConfig.toolTimeoutMs`.
   * On expiry the call's `ctx.abortSignal` fires and the model gets
   * `{error: 'Tool <name> timed out after <n> ms.'}`. Default: `undefined`, the run's setting
   * applies (and by default the run has none). `0`, a negative number, `NaN` or `Infinity`: this
   * tool never times out, even when the run sets one (see `toolTimeoutOf`).
   */
  timeoutMs?: number;
}

/**
 * A capability an LLM agent can call. A subclass declares itself to the model
 * ({@link getDeclaration}, or {@link processLlmRequest} for anything beyond a function
 * declaration) and does its work in {@link runAsync}, a cold Observable whose first value is the
 * result.
 *
 * @example
 * ```ts
 * class Clock extends BaseTool {
 *   constructor() { super({ name: 'now', description: 'The current time', timeoutMs: 1_000 }); }
 *   override getDeclaration() { return { name: this.name, description: this.description }; }
 *   override runAsync() { return of({ now: new Date().toISOString() }); }
 * }
 * ```
 */
export abstract class BaseTool {
  readonly name: string;
  readonly description: string;
  readonly isLongRunning: boolean;
  /** This tool's own timeout in milliseconds (`BaseToolConfig.timeoutMs`), or `undefined`: the run's `toolTimeoutMs` applies. */
  readonly timeoutMs: number | undefined;

  constructor(config: BaseToolConfig) {
    this.name = config.name;
    this.description = config.description;
    this.isLongRunning = config.isLongRunning ?? false;
    this.timeoutMs = config.timeoutMs;
  }

  /** The declaration the model sees, or `undefined` for tools that only change the request. */
  getDeclaration(): FunctionDeclaration | undefined {
    return undefined;
  }

  /** Runs the tool. The first value emitted is its result. */
  runAsync(_args: Record<string, unknown>, _ctx: ToolContext): Observable<unknown> {
    return throwError(() => new Error(`Tool "${this.name}" cannot be run: it does not implement runAsync.`));
  }

  /** Adds this tool to an outgoing model request: by default, its declaration. */
  processLlmRequest(_ctx: ToolContext, request: LlmRequest): Observable<void> | void {
    const declaration = this.getDeclaration();
    if (declaration) appendFunctionDeclarations(request, [{ declaration, tool: this }]);
  }
}
