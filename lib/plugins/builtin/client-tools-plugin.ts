import { defer, EMPTY, type Observable } from 'rxjs';
import type { CallbackContext } from '../../context/callback-context.js';
import { appendFunctionDeclarations, type LlmRequest } from '../../models/llm-request.js';
import { LongRunningFunctionTool } from '../../tools/long-running-function-tool.js';
import type { JsonSchema } from '../../tools/to-gemini-schema.js';
import { RxadkError } from '../../utils/errors.js';
import { BasePlugin } from '../base-plugin.js';

/**
 * The `temp:` state key a front-end protocol puts the client's tools under, in the run's
 * `stateDelta` (it lives for that invocation only and is never stored).
 *
 * @example
 * ```ts
 * runner.runAsync({ userId, sessionId, newMessage, stateDelta: { [CLIENT_TOOLS_STATE_KEY]: [{ name: 'pick_color', description: 'Asks the user for a color.' }] } });
 * ```
 */
export const CLIENT_TOOLS_STATE_KEY = 'temp:client_tools';

/**
 * A tool the client (a browser front-end) runs itself: AG-UI's `RunAgentInput.tools`, or the
 * AI SDK's client-side tools. `parameters` is a JSON Schema of the arguments.
 *
 * @example
 * ```ts
 * const tool: ClientToolDeclaration = { name: 'change_background', description: 'Changes the page background.', parameters: { type: 'object', properties: { color: { type: 'string' } } } };
 * ```
 */
export interface ClientToolDeclaration {
  name: string;
  description: string;
  parameters?: JsonSchema;
}

/**
 * A client tool that cannot be offered to the model: its name is not a valid function name, or
 * its parameters are not a JSON Schema the tool layer can compile.
 *
 * @example
 * ```ts
 * new ClientToolError({ toolName: 'bad name', reason: 'a function name is letters, digits, _ . : -' }).message;
 * ```
 */
export class ClientToolError extends RxadkError {
  readonly toolName: string;

  constructor(fields: { toolName: string; reason: string; cause?: unknown }) {
    super('CLIENT_TOOL', `The client tool "${fields.toolName}" cannot be offered to the model: ${fields.reason}.`, { cause: fields.cause });
    this.toolName = fields.toolName;
  }
}

const FUNCTION_NAME = /^[A-Za-z_][A-Za-z0-9_.:-]{0,63}$/;

/**
 * Offers the client's tools (found under {@link CLIENT_TOOLS_STATE_KEY} in the invocation's state)
 * to every model call of the Runner, as long-running tools: a call to one is stored and ends the
 * turn unanswered; the client runs it and the next turn carries its result as a function response
 * with the call's id. An agent's own tool of the same name wins. Without client tools in the
 * state it changes nothing. `rxadk web` registers it on every app's Runner.
 *
 * @example
 * ```ts
 * const runner = new Runner({ appName: 'chat', agent, sessionService, plugins: [new ClientToolsPlugin()] });
 * ```
 */
export class ClientToolsPlugin extends BasePlugin {
  constructor(name = 'client_tools') {
    super(name);
  }

  override beforeModelCallback(ctx: CallbackContext, request: LlmRequest): Observable<never> {
    return defer(() => {
      const declared = ctx.state.get<ClientToolDeclaration[]>(CLIENT_TOOLS_STATE_KEY);
      if (!Array.isArray(declared)) return EMPTY;
      const fresh = declared.filter((tool) => !Object.hasOwn(request.toolsDict, tool.name));
      appendFunctionDeclarations(request, fresh.map(clientTool).map((tool) => ({ declaration: tool.getDeclaration()!, tool })));
      return EMPTY;
    });
  }
}

/**
 * The long-running tool that stands for a client tool: it never answers (the client does).
 * Throws {@link ClientToolError} for a bad name or schema.
 *
 * @example
 * ```ts
 * clientTool({ name: 'pick_color', description: 'Asks the user for a color.' }).isLongRunning; // true
 * ```
 */
export function clientTool(declaration: ClientToolDeclaration): LongRunningFunctionTool {
  if (typeof declaration.name !== 'string' || !FUNCTION_NAME.test(declaration.name)) {
    throw new ClientToolError({ toolName: String(declaration.name), reason: 'a function name starts with a letter or _ and has at most 64 letters, digits, _ . : -' });
  }
  try {
    const tool = new LongRunningFunctionTool({
      name: declaration.name,
      description: declaration.description ?? '',
      ...(declaration.parameters ? { parameters: declaration.parameters } : {}),
      execute: () => undefined,
    });
    // compiled now (the declaration and the validator), so a bad schema fails here, not in the model call
    tool.getDeclaration();
    tool.validateArguments({});
    return tool;
  } catch (error) {
    throw new ClientToolError({ toolName: declaration.name, reason: `its parameters are not a usable JSON Schema (${error instanceof Error ? error.message : String(error)})`, cause: error });
  }
}
