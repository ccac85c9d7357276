// rxadk/ai-sdk: rxadk agents behind the AI SDK's UI message stream (`useChat` in @ai-sdk/react,
// vue, svelte). No dependency: the protocol is plain server-sent JSON.
export { chatTurn } from './chat-turn.js';
export { parseChatRequest, type ChatRequest, type ChatUiMessage, type ChatUiPart } from './chat-request.js';
export { prepareChatRun } from './prepare-chat-run.js';
export { toUiMessageChunks, uiMessageError } from './to-ui-message-chunks.js';
export { closeUiMessageMapping, mapUiMessageEvent, stateChunkOf, type UiMessageMapping, type UiMessageMappingStep } from './ui-message-mapping.js';
export { formatUiMessageChunk, UI_MESSAGE_STREAM_DONE, UI_MESSAGE_STREAM_HEADERS, type UiMessageChunk } from './ui-message-chunk.js';
export { DEFAULT_USER_ID } from '../front-ends/default-user-id.js';
export { ClientTurnError } from '../front-ends/client-turn-error.js';
export { EditedHistoryError } from '../front-ends/edited-history-error.js';
export { MalformedClientInputError } from '../front-ends/malformed-client-input-error.js';
export { NothingToRunError } from '../front-ends/nothing-to-run-error.js';
export { ThreadOfAnotherUserError } from '../front-ends/thread-of-another-user-error.js';
export { UnknownToolCallError } from '../front-ends/unknown-tool-call-error.js';
