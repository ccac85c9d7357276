// rxadk/ag-ui: rxadk agents behind AG-UI (@ag-ui/client and @ag-ui/core are optional peers).
export { AdkAgent, type AdkAgentConfig } from './adk-agent.js';
export { agUiTurn } from './ag-ui-turn.js';
export { closeAgUiMapping, mapAgUiEvent, type AgUiMapping, type AgUiMappingStep } from './ag-ui-mapping.js';
export { prepareAgUiRun } from './prepare-ag-ui-run.js';
export { statePatch, storedState, type StatePatch } from './state-patch.js';
export { agUiRunError, toAgUiEvents, type AgUiRunStart } from './to-ag-ui-events.js';
export { DEFAULT_USER_ID } from '../front-ends/default-user-id.js';
export { ClientTurnError } from '../front-ends/client-turn-error.js';
export { EditedHistoryError } from '../front-ends/edited-history-error.js';
export { MalformedClientInputError } from '../front-ends/malformed-client-input-error.js';
export { NothingToRunError } from '../front-ends/nothing-to-run-error.js';
export { ThreadOfAnotherUserError } from '../front-ends/thread-of-another-user-error.js';
export { UnknownToolCallError } from '../front-ends/unknown-tool-call-error.js';
export { ClientToolsPlugin, CLIENT_TOOLS_STATE_KEY, type ClientToolDeclaration } from '../plugins/builtin/client-tools-plugin.js';
