/** The function call ADK emits to ask the client for a tool confirmation (SPEC §10). */
export const REQUEST_CONFIRMATION_FUNCTION_CALL_NAME = 'adk_request_confirmation';
/** The function call ADK emits to ask the client for end-user credentials. */
export const REQUEST_EUC_FUNCTION_CALL_NAME = 'adk_request_credential';
/** Prefix of function-call ids the framework generates (removed before the model sees them). */
export const CLIENT_FUNCTION_CALL_ID_PREFIX = 'adk-';
/**
 * Prefix of the framework's function calls that the client answers (`adk_request_confirmation`,
 * `adk_request_credential`, input requests): they stay open until answered, never "orphans".
 */
export const CLIENT_ANSWERED_FUNCTION_CALL_PREFIX = 'adk_request_';
/**
 * The tool through which an agent with an `outputSchema` and tools gives its final answer (ADK's
 * `SetModelResponseTool`): its arguments are the structured answer.
 */
export const SET_MODEL_RESPONSE_FUNCTION_NAME = 'set_model_response';

/** The function call a workflow node's `RequestInput` becomes: the client answers it (ADK 2.x). */
export const REQUEST_INPUT_FUNCTION_CALL_NAME = 'adk_request_input';
