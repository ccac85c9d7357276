// rxadk/a2a — the Agent2Agent protocol (Node only, on the optional peer @a2a-js/sdk ^1.3): serve
// an app over A2A (toA2a) and call remote A2A agents as sub-agents (RemoteA2aAgent). See docs/a2a.md.
export { toA2a, A2aServer, AGENT_CARD_WELL_KNOWN_PATH, type ToA2aOptions, type ListeningA2aServer } from './to-a2a.js';
export { bearerTokens, localUserOnly, type A2aAuthenticate } from './authenticate.js';
export { buildAgentCard, type AgentCardOptions } from './build-agent-card.js';
export { agentCardOnWire } from './agent-card-on-wire.js';
export { RunnerAgentExecutor } from './runner-agent-executor.js';
export { taskTurn } from './task-turn.js';
export { adkEventToA2aEvents, eventMessage, stateOfMessage, statusUpdate, contextMetadata } from './adk-event-to-a2a-events.js';
export { adkEventsToTaskEvents } from './adk-events-to-task-events.js';
export { genaiPartToA2aPart } from './genai-part-to-a2a-part.js';
export { a2aPartToGenaiPart } from './a2a-part-to-genai-part.js';
export { a2aMessageToContent } from './a2a-message-to-content.js';
export { adkMetadataKey, ADK_METADATA_PREFIX, DATA_PART_TYPES } from './adk-metadata-key.js';
export { TASK_STATES, ROLES, isTerminalState } from './task-states.js';
export { reduceTaskResult, asWorking, INITIAL_TASK_RESULT, type TaskResult } from './task-result.js';
export { untilCanceled } from './until-canceled.js';
export { pythonJsonDumps } from './python-json-dumps.js';
export { JSON_RPC_ERRORS } from './json-rpc-error-codes.js';
export { loadA2aSdk, type A2aSdk } from './load-a2a-sdk.js';
export type { A2aEventScope } from './a2a-event-scope.js';
