/**
 * The framework's named errors. Every error rxadk raises extends {@link RxadkError}, carries a
 * stable `code` string and structured fields, and says in its message what was wrong and what to do.
 *
 * @example
 * ```ts
 * runner.runAsync({ userId, sessionId: 'nope', newMessage }).subscribe({
 *   error: (e) => {
 *     if (e instanceof SessionNotFoundError) console.log(e.code, e.sessionId); // SESSION_NOT_FOUND nope
 *   },
 * });
 * ```
 */
export class RxadkError extends Error {
  /** A stable, machine-readable identifier of the kind of error. */
  readonly code: string;

  constructor(code: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
    this.name = new.target.name;
  }
}

/**
 * No session exists for the (appName, userId, sessionId) triple.
 *
 * @example
 * ```ts
 * runner.runAsync(turn).subscribe({ error: (e) => e instanceof SessionNotFoundError && console.log(e.sessionId) });
 * ```
 */
export class SessionNotFoundError extends RxadkError {
  readonly appName: string;
  readonly userId: string;
  readonly sessionId: string;

  constructor(fields: { appName: string; userId: string; sessionId: string }) {
    super(
      'SESSION_NOT_FOUND',
      `Session not found: app "${fields.appName}", user "${fields.userId}", session "${fields.sessionId}". ` +
        'Create it first with sessionService.createSession(...), or pass autoCreateSession: true to the Runner.',
    );
    this.appName = fields.appName;
    this.userId = fields.userId;
    this.sessionId = fields.sessionId;
  }
}

/**
 * The model call failed (HTTP error, network error, malformed response).
 *
 * @example
 * ```ts
 * agent.canonicalModel().generateContent(request).subscribe({ error: (e: ModelError) => console.log(e.status) }); // 429
 * ```
 */
export class ModelError extends RxadkError {
  readonly model: string | undefined;
  readonly status: number | undefined;
  readonly agentName: string | undefined;

  constructor(
    message: string,
    fields: { model?: string; status?: number; agentName?: string; cause?: unknown } = {},
  ) {
    super('MODEL_ERROR', message, { cause: fields.cause });
    this.model = fields.model;
    this.status = fields.status;
    this.agentName = fields.agentName;
  }
}

/**
 * The invocation made more model calls than `RunConfig.maxLlmCalls` allows.
 *
 * @example
 * ```ts
 * runner.runAsync({ ...turn, runConfig: { maxLlmCalls: 3 } }); // errors with LlmCallsLimitExceededError on the 4th call
 * ```
 */
export class LlmCallsLimitExceededError extends RxadkError {
  readonly limit: number;
  readonly agentName: string | undefined;

  constructor(fields: { limit: number; agentName?: string }) {
    super(
      'LLM_CALLS_LIMIT_EXCEEDED',
      `The invocation exceeded RunConfig.maxLlmCalls (${fields.limit} model calls)` +
        (fields.agentName ? ` in agent "${fields.agentName}"` : '') +
        '. Raise maxLlmCalls or look for an agent that loops without reaching a final answer.',
    );
    this.limit = fields.limit;
    this.agentName = fields.agentName;
  }
}

/**
 * A tool failed and `RunConfig.toolErrors` is `'throw'`.
 *
 * @example
 * ```ts
 * runner.runAsync({ ...turn, runConfig: { toolErrors: 'throw' } }); // a failing tool fails the run
 * ```
 */
export class ToolExecutionError extends RxadkError {
  readonly toolName: string;
  readonly functionCallId: string | undefined;
  readonly agentName: string | undefined;

  constructor(fields: { toolName: string; functionCallId?: string; agentName?: string; cause?: unknown }) {
    const reason = fields.cause instanceof Error ? fields.cause.message : String(fields.cause);
    super('TOOL_EXECUTION_ERROR', `Tool "${fields.toolName}" failed: ${reason}`, { cause: fields.cause });
    this.toolName = fields.toolName;
    this.functionCallId = fields.functionCallId;
    this.agentName = fields.agentName;
  }
}

/**
 * The model called a tool that the agent does not have.
 *
 * @example
 * ```ts
 * new ToolNotFoundError({ toolName: 'get_wether', availableTools: ['get_weather'] }).message;
 * ```
 */
export class ToolNotFoundError extends RxadkError {
  readonly toolName: string;
  readonly agentName: string | undefined;
  readonly availableTools: string[];

  constructor(fields: { toolName: string; agentName?: string; availableTools: string[] }) {
    super(
      'TOOL_NOT_FOUND',
      `Tool "${fields.toolName}" is not available` +
        (fields.agentName ? ` to agent "${fields.agentName}"` : '') +
        `. Available tools: ${fields.availableTools.length ? fields.availableTools.join(', ') : '(none)'}.`,
    );
    this.toolName = fields.toolName;
    this.agentName = fields.agentName;
    this.availableTools = fields.availableTools;
  }
}

/**
 * A tool confirmation answer that does not match a pending, unanswered request of this session.
 *
 * @example
 * ```ts
 * event.errorCode === new InvalidConfirmationError({ functionCallId: 'x', reason: '...' }).code; // 'INVALID_CONFIRMATION'
 * ```
 */
export class InvalidConfirmationError extends RxadkError {
  readonly functionCallId: string;
  readonly reason: string;

  constructor(fields: { functionCallId: string; reason: string }) {
    super(
      'INVALID_CONFIRMATION',
      `Tool confirmation "${fields.functionCallId}" was refused: ${fields.reason}`,
    );
    this.functionCallId = fields.functionCallId;
    this.reason = fields.reason;
  }
}

/**
 * A writer's view of the session is older than what is stored.
 *
 * @example
 * ```ts
 * sessionService.appendEvent(staleSession, event).subscribe({ error: (e) => e instanceof StaleSessionError });
 * ```
 */
export class StaleSessionError extends RxadkError {
  readonly sessionId: string;

  constructor(fields: { sessionId: string; message?: string }) {
    super(
      'STALE_SESSION',
      fields.message ??
        `Session "${fields.sessionId}" was changed by another writer since it was loaded. Reload it and retry.`,
    );
    this.sessionId = fields.sessionId;
  }
}

/**
 * An agent tree, agent option or instruction is misconfigured.
 *
 * @example
 * ```ts
 * new LlmAgent({ name: 'my-agent' }); // throws AgentConfigError: not an identifier
 * ```
 */
export class AgentConfigError extends RxadkError {
  readonly agentName: string | undefined;

  constructor(message: string, fields: { agentName?: string } = {}) {
    super('AGENT_CONFIG_ERROR', message);
    this.agentName = fields.agentName;
  }
}

/**
 * The plugins given to a Runner are misconfigured (e.g. two plugins share a name).
 *
 * @example
 * ```ts
 * new Runner({ ..., plugins: [createPlugin({ name: 'x' }), createPlugin({ name: 'x' })] }); // throws
 * ```
 */
export class PluginConfigError extends RxadkError {
  readonly pluginName: string;

  constructor(message: string, fields: { pluginName: string }) {
    super('PLUGIN_CONFIG_ERROR', message);
    this.pluginName = fields.pluginName;
  }
}

/**
 * A model's final answer does not match the agent's `outputSchema`.
 *
 * @example
 * ```ts
 * // an agent with outputSchema whose model answers 'not json' fails the run with OutputSchemaError
 * ```
 */
export class OutputSchemaError extends RxadkError {
  readonly agentName: string;

  constructor(fields: { agentName: string; reason: string; text: string }) {
    super(
      'OUTPUT_SCHEMA_ERROR',
      `Agent "${fields.agentName}" answered with output that does not match its outputSchema: ${fields.reason}. ` +
        `The answer was: ${fields.text.length > 200 ? `${fields.text.slice(0, 200)}…` : fields.text}`,
    );
    this.agentName = fields.agentName;
  }
}

/**
 * A call into the framework was given arguments it cannot work with.
 *
 * @example
 * ```ts
 * runner.runAsync({ userId: 'u', sessionId: 's', newMessage: { parts: [] } }); // errors with InvalidRequestError
 * ```
 */
export class InvalidRequestError extends RxadkError {
  constructor(message: string) {
    super('INVALID_REQUEST', message);
  }
}

/**
 * Turns anything thrown into an `Error` (user code may throw strings or plain objects).
 *
 * @example
 * ```ts
 * toError('boom').message; // 'boom'
 * ```
 */
export function toError(thrown: unknown): Error {
  if (thrown instanceof Error) return thrown;
  if (typeof thrown === 'string') return new Error(thrown);
  try {
    return new Error(JSON.stringify(thrown));
  } catch {
    return new Error(String(thrown));
  }
}

/**
 * A callback or plugin hook threw (or its Promise rejected, or its Observable errored). The
 * message names the hook and the plugin or agent it belongs to; `cause` is the original error.
 * Inside a tool call this becomes the model's `{error}` reply (unless `toolErrors: 'throw'`);
 * elsewhere it fails the run.
 *
 * @example
 * ```ts
 * runner.runAsync(turn).subscribe({
 *   error: (e) => e instanceof CallbackError && console.log(e.hook, e.pluginName ?? e.agentName, e.cause),
 * });
 * ```
 */
export class CallbackError extends RxadkError {
  readonly hook: string;
  readonly pluginName: string | undefined;
  readonly agentName: string | undefined;

  constructor(fields: { hook: string; pluginName?: string; agentName?: string; cause: unknown }) {
    const owner = fields.pluginName !== undefined ? `plugin "${fields.pluginName}"` : `agent "${fields.agentName ?? '?'}"`;
    const reason = fields.cause instanceof Error ? fields.cause.message : String(fields.cause);
    super('CALLBACK_FAILED', `The ${fields.hook} of ${owner} failed: ${reason}`, { cause: fields.cause });
    this.hook = fields.hook;
    this.pluginName = fields.pluginName;
    this.agentName = fields.agentName;
  }
}

/**
 * A tool's result cannot be represented faithfully as JSON (a BigInt, a cycle, a throwing
 * `toJSON`, a function, a symbol, a Map or a Set). The model gets `{error}` with this message
 * instead; nothing of the kind ever reaches a session store.
 *
 * @example
 * ```ts
 * new NonJsonResultError({ toolName: 'lookup', reason: 'a BigInt at .total' }).message;
 * ```
 */
export class NonJsonResultError extends RxadkError {
  readonly toolName: string;

  constructor(fields: { toolName: string; reason: string }) {
    super('NON_JSON_RESULT', `Tool ${fields.toolName} returned a result that is not JSON: ${fields.reason}.`);
    this.toolName = fields.toolName;
  }
}

/**
 * A tool ran past its timeout (`timeoutMs` on the tool, or `RunConfig.toolTimeoutMs`). It is the
 * `reason` of the tool's `ctx.abortSignal` when the timer fires; the model is told
 * `{error: 'Tool <name> timed out after <n> ms.'}` and the run goes on.
 *
 * @example
 * ```ts
 * execute: (args, ctx) => fetch(url, { signal: ctx.abortSignal }) // rejects with this error as the reason
 * ```
 */
export class ToolTimeoutError extends RxadkError {
  readonly toolName: string;
  readonly timeoutMs: number;

  constructor(fields: { toolName: string; timeoutMs: number }) {
    super('TOOL_TIMEOUT', `Tool ${fields.toolName} timed out after ${fields.timeoutMs} ms.`);
    this.toolName = fields.toolName;
    this.timeoutMs = fields.timeoutMs;
  }
}

/**
 * A Gemini model was called with no credentials: no `apiKey` option and no API key in the
 * environment (or, for Vertex AI, no project or location). The message names the variables to
 * set. It arrives as the run's error, at the first model call.
 *
 * @example
 * ```ts
 * runner.runAsync(turn).subscribe({
 *   error: (e) => e instanceof MissingCredentialsError && console.log(e.code, e.variables), // MISSING_CREDENTIALS ['GEMINI_API_KEY', 'GOOGLE_API_KEY']
 * });
 * ```
 */
export class MissingCredentialsError extends RxadkError {
  readonly model: string;
  /** The environment variables that would provide what is missing. */
  readonly variables: readonly string[];

  constructor(fields: { model: string; variables: readonly string[]; message: string }) {
    super('MISSING_CREDENTIALS', fields.message);
    this.model = fields.model;
    this.variables = fields.variables;
  }
}
