// rxadk/runtime — the runtime's building blocks, for extension authors: custom runners and
// session stores, model adapters, request processors and flows, callback chains. Agents are built
// with the root entry ('rxadk'); nothing here is needed for that. Browser-safe, like the root.

// the commit barrier and the Runner's commit step (SPEC §6)
export { CommitBarrier } from '../context/commit-barrier.js';
export { endInvocation } from '../context/end-invocation.js';
export { commitEvents } from '../runner/commit-events.js';
export { interruptedCallResponses, INTERRUPTED_CALL_ERROR } from '../runner/interrupted-call-responses.js';
export { unansweredFunctionCalls, type UnansweredFunctionCalls } from '../events/unanswered-function-calls.js';
export { asJsonValue, MAX_JSON_DEPTH, type JsonCheck } from '../utils/as-json-value.js';
export { setOwn, assignOwn } from '../utils/set-own.js';
export { selectAgentForTurn } from '../runner/select-agent-for-turn.js';
export { foldAgentStates, foldAgentStatesFrom, NO_AGENT_STATES, type AgentStates, type AgentTreeNode } from '../context/agent-states.js';
export { agentCheckpoint } from '../context/agent-checkpoint.js';
export { isPausePoint } from '../events/is-pause-point.js';
export { invocationToResume, type InvocationToResume } from '../runner/invocation-to-resume.js';
export { callsLeftOpen } from '../flows/calls-left-open.js';
export { pausedAtLongRunningCall } from '../flows/paused-at-long-running-call.js';
export { resumePoint, type ResumePoint } from '../agents/resume-point.js';
export { workflowCheckpoint } from '../workflow/workflow-checkpoint.js';
export { applyNodeCheckpoints, checkpointedNodeStatuses } from '../workflow/apply-node-checkpoints.js';
export { ForwardingArtifactService } from '../runner/forwarding-artifact-service.js';
export { LazyAbortController } from '../utils/lazy-abort-controller.js';
export {
  instrumentedInvocation,
  instrumentedAgent,
  instrumentedModelCall,
  instrumentedToolCall,
  inSpan,
  subscribeInSpan,
} from '../context/instrumented.js';
export { KeyedMutex } from '../utils/keyed-mutex.js';

// user functions and operators
export { fromMaybeAsync, isDefined } from '../utils/from-maybe-async.js';
export { toError } from '../utils/errors.js';
export { asArray } from '../utils/as-array.js';
export { firstDefined } from '../operators/first-defined.js';
export { abortOnTeardown, type AbortOnTeardownTarget } from '../operators/abort-on-teardown.js';
export { repeatWhileLast } from '../operators/repeat-while-last.js';
export { orElse } from '../operators/or-else.js';
export { runInOrder, type OrderedStep } from '../operators/run-in-order.js';

// session stores
export { commitEvent } from '../sessions/apply-event.js';
export { applyStateDelta, isTempKey, splitStateDelta, withoutTempKeys, type ScopedStateDelta } from '../sessions/state-delta.js';
export { selectEvents } from '../sessions/select-events.js';

// model adapters
export { llmResponseFromGenai, type GenaiResponseLike } from '../models/llm-response-from-genai.js';
export { aggregateStream } from '../models/aggregate-stream.js';
export { pairFunctionCallIds } from '../models/pair-function-call-ids.js';
export { lazySdkClient, callSdk } from '../models/sdk-client.js';
export { followAbort } from '../models/follow-abort.js';
export { providerModelError, type ProviderErrorContext } from '../models/provider-model-error.js';
export { missingSdkError } from '../models/missing-sdk-error.js';
export { jsonSchemaFromGemini } from '../models/json-schema-from-gemini.js';
export { toGeminiSchema } from '../tools/to-gemini-schema.js';
export { compileArgumentValidator, type ArgumentValidator } from '../tools/validate-arguments.js';
export { compileSchema, toJsonSchema, isZodSchema, type CompiledSchema, type SchemaCheck } from '../tools/schema.js';

// plugins and callback chains
export { PluginManager } from '../plugins/plugin-manager.js';
export { callbackChain, type CallbackChain } from '../plugins/callback-chain.js';
export { namedCallback, type CallbackOwner } from '../plugins/named-callback.js';
export { agentHooks, type AgentHooks, type AgentCallbackSource } from '../plugins/agent-hooks.js';
export { llmAgentHooks, type LlmAgentHooks, type LlmAgentCallbackSource } from '../plugins/llm-agent-hooks.js';
export { runAgentCallbacks, type AgentCallbackOutcome } from '../agents/run-agent-callbacks.js';
export { validateAgentName } from '../agents/validate-agent-name.js';

// the LLM flow (for custom agents and request processors)
export type { FlowAgent, ResolvedInstruction } from '../flows/flow-agent.js';
export { isFlowAgent } from '../flows/flow-agent.js';
export type { LlmRequestProcessor } from '../flows/llm-request-processor.js';
export { DEFAULT_REQUEST_PROCESSORS } from '../flows/default-request-processors.js';
export { runLlmFlow, isStepFinal } from '../flows/llm-flow.js';
export { runLlmStep, type LlmStepOptions } from '../flows/run-llm-step.js';
export { callModel } from '../flows/call-model.js';
export { callTools, runToolCalls, type ToolCallRequest } from '../flows/call-tools.js';
export { runToolCall, type ToolResult } from '../flows/run-tool-call.js';
export {
  buildContents,
  buildCurrentTurnContents,
  belongsToBranch,
  foreignContent,
  withoutClientFunctionCallIds,
} from '../flows/build-contents.js';
export { injectSessionState, fillFromState, usesArtifacts } from '../context/inject-session-state.js';
export { runRequestProcessors } from '../flows/run-request-processors.js';
export { emitFunctionResponse } from '../flows/emit-function-response.js';
export { requestConfirmationEvent } from '../flows/request-confirmation-event.js';
export {
  checkConfirmationAnswer,
  latestConfirmationAnswers,
  type ConfirmationAnswer,
  type ConfirmationCheck,
  type HonouredConfirmation,
} from '../flows/check-confirmation-answer.js';
export { mergeFunctionResponseEvents, mergeActions } from '../flows/merge-function-response-events.js';
export { modelResponseEvent } from '../flows/model-response-event.js';
export { type ModelEventBase } from '../flows/model-call-event-base.js';
export { saveOutputToState, type OutputSettings } from '../flows/save-output-to-state.js';
export { parseStructuredOutput } from '../flows/parse-structured-output.js';
export { basicRequestProcessor } from '../flows/request-processors/basic.js';
export { requestConfirmationRequestProcessor } from '../flows/request-processors/request-confirmation.js';
export { requestInputRequestProcessor } from '../flows/request-processors/request-input.js';
export { toolCallsAwaitingInput } from '../flows/tool-calls-awaiting-input.js';
export { withRelayedToolEvents } from '../flows/with-relayed-tool-events.js';
export { instructionsRequestProcessor } from '../flows/request-processors/instructions.js';
export { identityRequestProcessor, identityText } from '../flows/request-processors/identity.js';
export { contentsRequestProcessor } from '../flows/request-processors/contents.js';
export { compactionRequestProcessor } from '../flows/request-processors/compaction.js';
export { applyCompactionEvent, type HistoryEntry } from '../flows/apply-compaction-event.js';
// event compaction's decisions (pure) and the Runner's step
export { slidingWindowEvents, type SlidingWindow } from '../compaction/sliding-window-events.js';
export { tokenThresholdEvents } from '../compaction/token-threshold-events.js';
export { compactableEnd } from '../compaction/compactable-end.js';
export { latestCompactionIndex, latestCompactedEnd } from '../compaction/latest-compaction.js';
export { latestPromptTokenCount, estimateTokenCount } from '../compaction/prompt-token-count.js';
export { summarizeAndStore, DEFAULT_SUMMARIZER_TIMEOUT_MS, type CompactionSite } from '../compaction/summarize-events.js';
export { activeEventsCompaction } from '../apps/active-events-compaction.js';
export { compactAfterTurn } from '../apps/compact-after-turn.js';
export { followedOffPath, completeAtTurnEnd, TURN_END, type TurnEnd } from '../apps/off-path-tail.js';
export { runnerTarget } from '../runner/runner-target.js';
export { agentTransferRequestProcessor, transferInstructions } from '../flows/request-processors/agent-transfer.js';
export { toolsRequestProcessor } from '../flows/request-processors/tools.js';
export { outputSchemaRequestProcessor, MAX_STRUCTURED_OUTPUT_TOOL_ROUNDS } from '../flows/request-processors/output-schema.js';
export { SetModelResponseTool } from '../tools/set-model-response-tool.js';
export { transferTargets } from '../flows/transfer-targets.js';

// live (SPEC §18): the building blocks of runLive
export { HoldingSubject } from '../utils/holding-subject.js';
export { geminiLiveResponses, reduceLiveMessage, EMPTY_LIVE_TURN, type LiveTurnText, type LiveStep } from '../models/gemini-live-responses.js';
export { runLiveFlow } from '../live/run-live-flow.js';
export { runLiveAgent, liveTarget } from '../live/run-live-agent.js';
export { liveConversation, liveConnection } from '../live/live-conversation.js';
export { liveOutgoing } from '../live/live-outgoing.js';
export { closeCutTurn, type LiveItem } from '../live/close-cut-turn.js';
export { liveToolCalls } from '../live/live-tool-calls.js';
export { liveEvent, isStoredLiveEvent } from '../live/live-event.js';
export { liveConnectConfig } from '../live/live-connect-config.js';
export { saveLiveAudio } from '../live/live-audio-artifact.js';
