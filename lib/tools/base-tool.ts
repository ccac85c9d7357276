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
 *   constructor() { super({ name: 'now', description: 'The current time' }); }
 *   override getDeclaration() { return { name: this.name, description: this.description }; }
 *   override runAsync() { return of({ now: new Date().toISOString() }); }
 * }
 * ```
 */
export abstract class BaseTool {
  readonly name: string;
  readonly description: string;
  readonly isLongRunning: boolean;

  constructor(config: BaseToolConfig) {
    this.name = config.name;
    this.description = config.description;
    this.isLongRunning = config.isLongRunning ?? false;
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
