import type { Part as A2aPart } from '@a2a-js/sdk';
import type { CodeExecutionResult, ExecutableCode, FunctionCall, FunctionResponse, Part } from '@google/genai';
import { adkMetadataKey, DATA_PART_TYPES } from './adk-metadata-key.js';

/** The tags ADK Python wraps an untyped data part in when it turns it into inline text. */
const DATA_PART_START_TAG = '<a2a_datapart_json>';
const DATA_PART_END_TAG = '</a2a_datapart_json>';

/**
 * Converts an A2A v1.0 Part to a `@google/genai` Part the way ADK Python does: a text part (with
 * `adk_thought` → `thought`), a file part (URL → `fileData`, raw bytes → `inlineData`), a data
 * part tagged `adk_type` → the function call, function response, code-execution result or
 * executable code it holds. A data part without a known tag becomes `text/plain` inline data
 * holding `<a2a_datapart_json>{...}</a2a_datapart_json>`, as ADK Python makes it. `undefined` for
 * an empty part.
 *
 * @example
 * ```ts
 * a2aPartToGenaiPart({ content: { $case: 'data', value: { id: 'c1', name: 'approve', response: { ok: true } } },
 *   metadata: { adk_type: 'function_response' }, filename: '', mediaType: '' });
 * // { functionResponse: { id: 'c1', name: 'approve', response: { ok: true } } }
 * ```
 */
export function a2aPartToGenaiPart(part: A2aPart): Part | undefined {
  const content = part.content;
  if (!content) return undefined;
  switch (content.$case) {
    case 'text': {
      const thought = part.metadata?.[adkMetadataKey('thought')];
      return typeof thought === 'boolean' ? { text: content.value, thought } : { text: content.value };
    }
    case 'url':
      return { fileData: { fileUri: content.value, ...(part.mediaType ? { mimeType: part.mediaType } : {}) } };
    case 'raw':
      return { inlineData: { data: Buffer.from(content.value).toString('base64'), ...(part.mediaType ? { mimeType: part.mediaType } : {}) } };
    case 'data':
      return dataToGenaiPart(content.value, part.metadata?.[adkMetadataKey('type')], part.metadata);
  }
}

function dataToGenaiPart(data: unknown, type: unknown, metadata: Record<string, unknown> | undefined): Part {
  const value = (data ?? {}) as Record<string, unknown>;
  if (type === DATA_PART_TYPES.functionCall) return { functionCall: value as FunctionCall };
  if (type === DATA_PART_TYPES.functionResponse) return { functionResponse: value as FunctionResponse };
  if (type === DATA_PART_TYPES.codeExecutionResult) return { codeExecutionResult: value as CodeExecutionResult };
  if (type === DATA_PART_TYPES.executableCode) return { executableCode: value as ExecutableCode };
  const json = JSON.stringify({ data, ...(metadata ? { metadata } : {}), kind: 'data' });
  return { inlineData: { mimeType: 'text/plain', data: Buffer.from(`${DATA_PART_START_TAG}${json}${DATA_PART_END_TAG}`).toString('base64') } };
}
