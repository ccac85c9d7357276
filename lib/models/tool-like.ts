import type { FunctionDeclaration } from '@google/genai';

/**
 * A tool as the floors below lib/tools see it: what `LlmRequest.toolsDict` holds and what
 * an `Instrumentation` is shown of a tool call. Every `BaseTool` is one. Running a tool takes a
 * `ToolContext`, which lives above the models, so the flow runs the `BaseTool` itself (see
 * `runnableTool`).
 *
 * @example
 * ```ts
 * const tool: ToolLike | undefined = request.toolsDict['get_weather'];
 * tool?.getDeclaration()?.description; // 'The weather in a city'
 * ```
 */
export interface ToolLike {
  readonly name: string;
  readonly description: string;
  /** The tool starts work that finishes later; its call ids go into `longRunningToolIds`. */
  readonly isLongRunning: boolean;
  /** Its own timeout in milliseconds, or `undefined` (the run's `toolTimeoutMs` applies). */
  readonly timeoutMs: number | undefined;
  /** The declaration the model sees, or `undefined` for tools that only change the request. */
  getDeclaration(): FunctionDeclaration | undefined;
}
