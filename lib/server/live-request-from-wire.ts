import type { Content, Part } from '@google/genai';
import type { LiveRequest } from '../models/live-request.js';
import { RxadkError } from '../utils/errors.js';

/**
 * A `/run_live` frame that is not a `LiveRequest`: the client gets an error event, and the
 * conversation goes on.
 *
 * @example
 * ```ts
 * try { liveRequestFromWire('nope'); } catch (e) { e instanceof InvalidLiveFrameError; } // true
 * ```
 */
export class InvalidLiveFrameError extends RxadkError {
  constructor(message: string) {
    super('INVALID_LIVE_REQUEST', message);
  }
}

/**
 * A `/run_live` frame (ADK's `LiveRequest` JSON: snake_case, as adk-web sends it; camelCase is
 * accepted too) as a {@link LiveRequest}. Throws {@link InvalidLiveFrameError} for anything else.
 *
 * @example
 * ```ts
 * liveRequestFromWire('{"blob":{"mime_type":"audio/pcm","data":"AAAA"}}'); // { blob: { mimeType: 'audio/pcm', data: 'AAAA' } }
 * liveRequestFromWire('{"content":{"role":"user","parts":[{"text":"hi"}]}}');
 * ```
 */
export function liveRequestFromWire(frame: string): LiveRequest {
  let value: unknown;
  try {
    value = JSON.parse(frame);
  } catch {
    throw new InvalidLiveFrameError(`The frame is not JSON: ${frame.slice(0, 60)}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new InvalidLiveFrameError('A LiveRequest frame is a JSON object.');
  const wire = value as Record<string, unknown>;
  const request: LiveRequest = {};
  const content = wire['content'];
  if (content !== undefined && content !== null) request.content = contentFromWire(content);
  const blob = wire['blob'] as Record<string, unknown> | null | undefined;
  if (blob !== undefined && blob !== null) {
    const mimeType = blob['mime_type'] ?? blob['mimeType'];
    if (typeof blob !== 'object' || typeof blob['data'] !== 'string' || typeof mimeType !== 'string') throw new InvalidLiveFrameError('A blob is {"mime_type": string, "data": base64 string}.');
    request.blob = { mimeType, data: blob['data'] };
  }
  if (isSet(wire['activity_start'] ?? wire['activityStart'])) request.activityStart = {};
  if (isSet(wire['activity_end'] ?? wire['activityEnd'])) request.activityEnd = {};
  if (wire['close'] === true) request.close = true;
  if (Object.keys(request).length === 0) throw new InvalidLiveFrameError('A LiveRequest frame has content, blob, activity_start, activity_end or close.');
  return request;
}

function isSet(value: unknown): boolean {
  return value !== undefined && value !== null && value !== false;
}

function contentFromWire(value: unknown): Content {
  const content = value as { role?: unknown; parts?: unknown };
  if (typeof content !== 'object' || !Array.isArray(content.parts) || content.parts.length === 0) throw new InvalidLiveFrameError('A content is {"role": "user", "parts": [...]}, with at least one part.');
  return { role: typeof content.role === 'string' ? content.role : 'user', parts: content.parts.map(partFromWire) };
}

/** The snake_case part fields adk-web may send, renamed (the values are kept as they are). */
function partFromWire(value: unknown): Part {
  if (typeof value !== 'object' || value === null) throw new InvalidLiveFrameError('A part is a JSON object.');
  const renames: Record<string, string> = { inline_data: 'inlineData', function_response: 'functionResponse', function_call: 'functionCall', file_data: 'fileData' };
  const part: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    const name = Object.hasOwn(renames, key) ? renames[key]! : key;
    part[name] = name === 'inlineData' || name === 'fileData' ? blobFromWire(field) : field;
  }
  return part as Part;
}

function blobFromWire(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const { mime_type, file_uri, ...rest } = value as Record<string, unknown>;
  return { ...rest, ...(mime_type !== undefined ? { mimeType: mime_type } : {}), ...(file_uri !== undefined ? { fileUri: file_uri } : {}) };
}
