import type { Blob, Content } from '@google/genai';
import { map, type Observable, of } from 'rxjs';
import type { InvocationContext } from '../context/invocation-context.js';

/**
 * With `RunConfig.saveLiveBlob` (and an artifact service): saves a live audio blob as the
 * artifact `adk_live_audio_storage_<input|output>_<ts>.<ext>` (as ADK names them) and emits a
 * content that refers to it (`fileData` with an `artifact://` URI); else emits `undefined`.
 *
 * @example
 * ```ts
 * saveLiveAudio(ctx, 'output', { mimeType: 'audio/pcm;rate=24000', data }).subscribe((content) => console.log(content?.parts?.[0]?.fileData?.fileUri));
 * // artifact://apps/app/users/u1/sessions/s1/artifacts/adk_live_audio_storage_output_1700000000000.pcm/versions/0
 * ```
 */
export function saveLiveAudio(ctx: InvocationContext, direction: 'input' | 'output', blob: Blob, role = direction === 'input' ? 'user' : 'model'): Observable<Content | undefined> {
  const artifacts = ctx.artifactService;
  if (!ctx.runConfig.saveLiveBlob || !artifacts) return of(undefined);
  const mimeType = blob.mimeType ?? 'application/octet-stream';
  const filename = `adk_live_audio_storage_${direction}_${ctx.clock()}.${extensionOf(mimeType)}`;
  const { appName, userId, id: sessionId } = ctx.session;
  return artifacts.saveArtifact({ appName, userId, sessionId, filename, artifact: { inlineData: { ...blob } } }).pipe(
    map((version) => ({
      role,
      parts: [{ fileData: { mimeType, fileUri: `artifact://apps/${appName}/users/${userId}/sessions/${sessionId}/artifacts/${filename}/versions/${version}` } }],
    })),
  );
}

/** `audio/pcm;rate=16000` → `pcm`, `audio/wav` → `wav`. */
function extensionOf(mimeType: string): string {
  return (mimeType.split(';')[0]!.split('/')[1] ?? 'bin').replace(/^x-/, '') || 'bin';
}
