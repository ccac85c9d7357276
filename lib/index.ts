// rxadk — the public API of the root entry: what users build agents with (browser-safe: nothing
// here imports a Node-only module). The runtime's building blocks for extension authors (custom
// runners, stores, model adapters, request processors) are in rxadk/runtime.

// utils
export {
  RxadkError,
  SessionNotFoundError,
  ModelError,
  LlmCallsLimitExceededError,
  ToolExecutionError,
  ToolNotFoundError,
  InvalidConfirmationError,
  StaleSessionError,
  AgentConfigError,
  PluginConfigError,
  InvalidRequestError,
  OutputSchemaError,
  CallbackError,
  NonJsonResultError,
  ToolTimeoutError,
  MissingCredentialsError,
} from './utils/errors.js';
export { MissingDriverError } from './utils/missing-driver-error.js';
export type { MaybeAsync } from './utils/from-maybe-async.js';
export { defaultIdGenerator, sequentialIds, type IdGenerator } from './utils/ids.js';
export { schedulerClock, type Clock } from './utils/clock.js';

// events
export { createEvent, type Event, type EventInit } from './events/event.js';
export { createEventActions, hasActions, type EventActions } from './events/event-actions.js';
export type { ToolConfirmation } from './events/tool-confirmation.js';
export type { NodeInfo, RouteValue } from './events/node-info.js';
export { isCompactionEvent, type EventCompaction } from './events/event-compaction.js';
export { isFinalResponse } from './events/is-final-response.js';
export { getFunctionCalls } from './events/get-function-calls.js';
export { getFunctionResponses } from './events/get-function-responses.js';
export { findFunctionResponse } from './events/find-function-response.js';
export { hasTrailingCodeExecutionResult } from './events/has-trailing-code-execution-result.js';
export {
  REQUEST_CONFIRMATION_FUNCTION_CALL_NAME,
  REQUEST_EUC_FUNCTION_CALL_NAME,
  CLIENT_FUNCTION_CALL_ID_PREFIX,
  REQUEST_INPUT_FUNCTION_CALL_NAME,
} from './events/framework-function-names.js';
export {
  getConfirmationRequests,
  createConfirmationResponse,
  type ConfirmationRequest,
} from './events/confirmation-requests.js';

// models
export type { LlmResponse } from './models/llm-response.js';
export { BaseLlm } from './models/base-llm.js';
export { LLMRegistry, type LlmFactory, type RegistrableLlm } from './models/llm-registry.js';
export { Gemini, type GeminiOptions } from './models/gemini.js';
export { LazyLlm } from './models/lazy-llm.js';
export { modelFromEnvironment, DEFAULT_PROVIDER_MODELS } from './models/model-from-environment.js';
export {
  createLlmRequest,
  appendInstructions,
  appendFunctionDeclarations,
  systemInstructionText,
  type LlmRequest,
} from './models/llm-request.js';

// sessions
export { State, type ReadonlyState } from './sessions/state.js';
export { newSession, type Session } from './sessions/session.js';
export { applyEvent } from './sessions/apply-event.js';
export {
  BaseSessionService,
  type CreateSessionRequest,
  type GetSessionRequest,
  type GetSessionConfig,
  type ListSessionsRequest,
  type ListSessionsResponse,
  type DeleteSessionRequest,
  type SessionRef,
} from './sessions/base-session-service.js';
export { InMemorySessionService } from './sessions/in-memory-session-service.js';
export { SessionAlreadyExistsError } from './sessions/session-already-exists-error.js';
export { SessionBusyError } from './sessions/session-busy-error.js';

// artifacts and memory
export {
  BaseArtifactService,
  isUserScopedFilename,
  type ArtifactLocation,
  type ArtifactRef,
} from './artifacts/base-artifact-service.js';
export { InMemoryArtifactService } from './artifacts/in-memory-artifact-service.js';
export { BaseMemoryService, type MemoryEntry, type SearchMemoryResponse } from './memory/base-memory-service.js';
export { InMemoryMemoryService } from './memory/in-memory-memory-service.js';
export { LoadMemoryTool, loadMemoryTool, LOAD_MEMORY_INSTRUCTION, type LoadMemoryResponse } from './tools/load-memory-tool.js';

// contexts
export { ReadonlyContext } from './context/readonly-context.js';
export { CallbackContext } from './context/callback-context.js';
export { ToolContext, type ToolContextInit } from './context/tool-context.js';
export { InvocationContext, type InvocationContextInit } from './context/invocation-context.js';
export type { Instrumentation } from './context/invocation-context.js';
export type { InstrumentedToolCall } from './context/instrumented-tool-call.js';
export type { ToolCallOutcome } from './context/tool-call-outcome.js';
export type { InstrumentedWorkflow } from './context/instrumented-workflow.js';
export type { InstrumentedNode } from './context/instrumented-node.js';
export type { WorkflowNodeScope } from './context/workflow-node-scope.js';
export { DEFAULT_MAX_LLM_CALLS, type RunConfig } from './context/run-config.js';

// tools
export { BaseTool, type BaseToolConfig } from './tools/base-tool.js';
export { toolTimeoutOf, MAX_TOOL_TIMEOUT_MS } from './tools/tool-timeout.js';
export { jsonSchema, type FromSchema, type InferSchema, type TypedJsonSchema, type ZodSchemaLike, type SchemaInput } from './tools/schema.js';
export { BaseToolset, type ToolFilter } from './tools/base-toolset.js';
export {
  FunctionTool,
  CONFIRMATION_REQUIRED_ERROR,
  CONFIRMATION_REJECTED_ERROR,
  requireConfirmationHint,
  isRequireConfirmationHint,
  type FunctionToolConfig,
  type JsonSchemaSource,
  type ParametersFor,
} from './tools/function-tool.js';
export { LongRunningFunctionTool, LONG_RUNNING_NOTE } from './tools/long-running-function-tool.js';
export { GeminiBuiltinTool } from './tools/gemini-builtin-tool.js';
export { GoogleSearchTool, googleSearch } from './tools/google-search-tool.js';
export { UrlContextTool, urlContext } from './tools/url-context-tool.js';
export { GoogleMapsGroundingTool, googleMapsGrounding } from './tools/google-maps-grounding-tool.js';
export { TransferToAgentTool, TRANSFER_TO_AGENT_TOOL_NAME } from './tools/transfer-to-agent-tool.js';
export { exitLoopTool } from './tools/exit-loop-tool.js';
export { ExampleTool, examplesInstruction, type Example } from './tools/example-tool.js';
export type { JsonSchema } from './tools/to-gemini-schema.js';

// plugins
export { BasePlugin } from './plugins/base-plugin.js';
export type { NodeHookInfo } from './plugins/node-hook-info.js';
export { createPlugin, type PluginConfig } from './plugins/create-plugin.js';
export { LoggingPlugin, type LoggingPluginOptions } from './plugins/builtin/logging-plugin.js';
export { FunctionCallModifierPlugin, type FunctionCallModifierConfig } from './plugins/builtin/function-call-modifier-plugin.js';
export {
  ReflectAndRetryToolPlugin,
  REFLECT_AND_RETRY_RESPONSE_TYPE,
  type ReflectAndRetryToolPluginOptions,
  type ReflectAndRetryTrackingScope,
  type ToolFailureResponse,
  type ToolFailure,
} from './plugins/builtin/reflect-and-retry-tool-plugin.js';
export { GlobalInstructionPlugin, type GlobalInstructionProvider } from './plugins/builtin/global-instruction-plugin.js';
export { ClientToolsPlugin, ClientToolError, clientTool, CLIENT_TOOLS_STATE_KEY, type ClientToolDeclaration } from './plugins/builtin/client-tools-plugin.js';
export type {
  HookArgs,
  HookResults,
  HookName,
  Hook,
  PluginHooks,
  AgentCallback,
  BeforeModelCallback,
  AfterModelCallback,
  OnModelErrorCallback,
  BeforeToolCallback,
  AfterToolCallback,
  OnToolErrorCallback,
  OneOrMany,
} from './plugins/callback-types.js';

// agents
export { BaseAgent, type BaseAgentConfig } from './agents/base-agent.js';
export { LlmAgent, type LlmAgentConfig, type InstructionProvider, type OutputOf, type OutputSchemaFor } from './agents/llm-agent.js';
export { SequentialAgent } from './agents/sequential-agent.js';
export { ParallelAgent } from './agents/parallel-agent.js';
export { LoopAgent, type LoopAgentConfig } from './agents/loop-agent.js';

// runner
export { Runner, type RunnerConfig, type RunAsyncRequest, type RunLiveRequest } from './runner/runner.js';

// live (SPEC §18)
export { LiveRequestQueue } from './live/live-request-queue.js';
export { liveRequestAction, type LiveRequest, type LiveRequestAction } from './models/live-request.js';
export type { LiveConnection } from './models/live-connection.js';
export { LiveConnectionClosedError, RECONNECTABLE_CLOSE_CODES } from './models/live-connection-closed-error.js';
export { MAX_LIVE_RECONNECTS } from './live/live-conversation.js';
export { InvocationNotFoundError } from './runner/invocation-not-found-error.js';
export { InMemoryRunner, type InMemoryRunnerConfig } from './runner/in-memory-runner.js';
export { AgentTool, type AgentToolConfig } from './runner/agent-tool.js';

// workflows (ADK 2.0's Workflow, as Observables)
export { Workflow, type WorkflowConfig } from './workflow/workflow.js';
export { node, toWorkflowNode } from './workflow/node.js';
export { START } from './workflow/start.js';
export { DEFAULT_ROUTE } from './workflow/default-route.js';
export { WorkflowNode } from './workflow/workflow-node.js';
export { FunctionNode } from './workflow/function-node.js';
export { AgentNode } from './workflow/agent-node.js';
export { ToolNode } from './workflow/tool-node.js';
export { JoinNode } from './workflow/join-node.js';
export { ParallelWorker, DEFAULT_MAX_PARALLEL_WORKERS, type ParallelWorkerConfig } from './workflow/parallel-worker.js';
export { RequestInput, type RequestInputParams } from './workflow/request-input.js';
export { NodeTool } from './workflow/node-tool.js';
export {
  NodeContext,
  type NodeFunction,
  type RunnableNode,
  type BuiltNode,
  type RunNodeOptions,
} from './workflow/node-context.js';
export type { NodeOptions } from './workflow/node-options.js';
export { eventYield, outputYield, type NodeYield } from './workflow/node-yield.js';
export { RETRY_DEFAULTS, retryDelaySeconds, type RetryConfig } from './workflow/retry-config.js';
export type { EdgeItem, ChainElement, RoutingMap } from './workflow/build-workflow-graph.js';
export { NodeError } from './workflow/node-error.js';
export { NodeTimeoutError } from './workflow/node-timeout-error.js';
export { NodeSchemaValidationError } from './workflow/node-schema-validation-error.js';
export { WorkflowGraphError } from './workflow/workflow-graph-error.js';
export { NodeStatus, type NodeCheckpointState } from './workflow/node-status.js';
// apps: the root of an application, and event compaction for long-lived sessions
export { App, validateAppName, type AppOptions, type ResumabilityConfig } from './apps/app.js';
export { AppConfigError } from './apps/app-config-error.js';
export {
  validateEventsCompactionConfig,
  type EventsCompactionConfig,
  type ActiveEventsCompaction,
} from './compaction/events-compaction-config.js';
export { BaseEventsSummarizer } from './compaction/base-events-summarizer.js';
export { LlmEventSummarizer, DEFAULT_SUMMARY_PROMPT_TEMPLATE, type LlmEventSummarizerOptions } from './compaction/llm-event-summarizer.js';
export { CompactionConfigError } from './compaction/compaction-config-error.js';
export { EventCompactionError, type CompactionTrigger } from './compaction/event-compaction-error.js';

// embedding: agents in RxJS and Angular apps
export { userMessage } from './embedding/user-message.js';
export {
  transcriptReducer,
  settleTranscript,
  EMPTY_TRANSCRIPT,
  type Transcript,
  type TranscriptEntry,
  type TranscriptMessage,
  type TranscriptToolCall,
  type TranscriptError,
  type TranscriptCancelled,
} from './embedding/transcript.js';
export { toTranscript } from './embedding/to-transcript.js';
export { Conversation, type ConversationOptions } from './embedding/conversation.js';
export { ConversationClosedError } from './embedding/conversation-closed-error.js';
export { type ConversationState, type TurnOutcome } from './embedding/conversation-state.js';
