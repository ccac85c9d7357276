import type { Part as A2aPart } from '@a2a-js/sdk';
import type { Part } from '@google/genai';
import { adkMetadataKey, DATA_PART_TYPES } from './adk-metadata-key.js';

/**
 * Converts a `@google/genai` Part to an A2A v1.0 Part the way ADK Python's part converter does,
 * so that an ADK peer reads it unchanged (on the v0.3 wire the SDK's compatibility layer makes
 * the data parts `{kind: 'data', data, metadata}`):
 *
 * - text → a text part; a `thought` flag rides as `adk_thought` metadata;
 * - `fileData` → a URL part; `inlineData` → a raw part (base64 on the wire);
 * - a function call, function response, code-execution result or executable code → a data part
 *   holding it, tagged `adk_type` (`function_call`, `function_response`, ...);
 * - anything else → `undefined` (nothing to send).
 *
 * @example
 * ```ts
 * genaiPartToA2aPart({ functionCall: { id: 'c1', name: 'get_weather', args: { city: 'Paris' } } });
 * // { content: { $case: 'data', value: { id: 'c1', args: { city: 'Paris' }, name: 'get_weather' } },
 * //   metadata: { adk_type: 'function_call' }, filename: '', mediaType: '' }
 * ```
 */
export function genaiPartToA2aPart(part: Part): A2aPart | undefined {
  if (part.text) return textPart(part.text, part.thought);
  if (part.fileData?.fileUri) return filePart({ $case: 'url', value: part.fileData.fileUri }, part.fileData.mimeType);
  if (part.inlineData?.data !== undefined) {
    return filePart({ $case: 'raw', value: Buffer.from(part.inlineData.data, 'base64') }, part.inlineData.mimeType);
  }
  if (part.functionCall) {
    const { id, args, name, ...rest } = part.functionCall;
    return dataPart(DATA_PART_TYPES.functionCall, withoutUndefined({ id, args, name, ...rest }));
  }
  if (part.functionResponse) return dataPart(DATA_PART_TYPES.functionResponse, withoutUndefined({ ...part.functionResponse }));
  if (part.codeExecutionResult) return dataPart(DATA_PART_TYPES.codeExecutionResult, withoutUndefined({ ...part.codeExecutionResult }));
  if (part.executableCode) return dataPart(DATA_PART_TYPES.executableCode, withoutUndefined({ ...part.executableCode }));
  return undefined;
}

function textPart(text: string, thought: boolean | undefined): A2aPart {
  return {
    content: { $case: 'text', value: text },
    metadata: thought === undefined ? undefined : { [adkMetadataKey('thought')]: thought },
    filename: '',
    mediaType: '',
  };
}

function filePart(content: NonNullable<A2aPart['content']>, mimeType: string | undefined): A2aPart {
  return { content, metadata: undefined, filename: '', mediaType: mimeType ?? '' };
}

function dataPart(type: string, data: Record<string, unknown>): A2aPart {
  return { content: { $case: 'data', value: data }, metadata: { [adkMetadataKey('type')]: type }, filename: '', mediaType: '' };
}

/** Pydantic's `exclude_none`: the fields that are set, in their order. */
function withoutUndefined(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined && value !== null));
}
