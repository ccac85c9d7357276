import type { Content } from '@google/genai';
import type { WorkflowRecording } from './workflow-recording.js';

/**
 * What the harness sends when a recording lost its opening message (`node_as_tool/go.json` starts
 * with the human's answer): the produced event of this text is left out of the comparison.
 */
export const MISSING_OPENING_TEXT = '(the recording does not hold its opening message)';

/**
 * The user messages to send, in order: the content of every recorded user event (texts, and the
 * human's function responses to `adk_request_input` and to long-running tools), preceded by
 * {@link MISSING_OPENING_TEXT} when the first one is not a text message.
 *
 * @example
 * ```ts
 * recordedUserTurns(readWorkflowRecording('request_input/tests/phone_broke.json')).length; // 3: the complaint and two answers
 * ```
 */
export function recordedUserTurns(recording: WorkflowRecording): Content[] {
  const turns = recording.events.filter((event) => event['author'] === 'user').map((event) => event['content'] as Content);
  const opens = turns[0]?.parts?.some((part) => part.text !== undefined) ?? false;
  return opens ? turns : [{ role: 'user', parts: [{ text: MISSING_OPENING_TEXT }] }, ...turns];
}
