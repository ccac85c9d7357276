import type { Part } from '@google/genai';
import { catchError, EMPTY, fromEvent, map, type Observable, startWith, switchMap, tap } from 'rxjs';
import type { ApiClient, SessionRef } from './api-client.js';
import { clear, h } from './dom.js';

/**
 * Shows one artifact in `root`: a version picker (the latest chosen), and the chosen version —
 * text as text, JSON pretty-printed, images as images, anything else as a download link. Picking
 * another version loads it (a pending load is cancelled: `switchMap`). Runs until unsubscribed.
 *
 * ```
 * versions ─► picker ─change─switchMap─► artifactVersion ─► render
 * ```
 *
 * @example
 * ```ts
 * viewArtifact(api, ref, 'notes.txt', panel.viewer()).subscribe();
 * ```
 */
export function viewArtifact(api: ApiClient, ref: SessionRef, name: string, root: HTMLElement): Observable<unknown> {
  return api.artifactVersions(ref, name).pipe(
    switchMap((versions) => {
      const picker = h('select', { 'data-testid': 'artifact-version' }, ...versions.map((v) => h('option', { value: String(v) }, `version ${v}`)));
      const body = h('div', { class: 'artifact-body', 'data-testid': 'artifact-body' });
      const latest = versions.at(-1) ?? 0;
      picker.value = String(latest);
      clear(root);
      root.append(h('div', { class: 'artifact-head' }, h('strong', { 'data-testid': 'artifact-name' }, name), ' ', picker), body);
      return fromEvent(picker, 'change').pipe(
        map(() => Number(picker.value)),
        startWith(latest),
        switchMap((version) => api.artifactVersion(ref, name, version)),
        tap((part) => body.replaceChildren(renderPart(part))),
      );
    }),
    catchError((error: unknown) => {
      clear(root);
      root.append(h('p', { class: 'error' }, `Could not load ${name}: ${error instanceof Error ? error.message : String(error)}`));
      return EMPTY;
    }),
  );
}

/** A `Part` as the viewer shows it. */
function renderPart(part: Part): HTMLElement {
  const data = part.inlineData;
  if (data?.data && data.mimeType?.startsWith('image/')) {
    return h('img', { 'data-testid': 'artifact-image', alt: data.displayName ?? 'artifact', src: `data:${data.mimeType};base64,${data.data}` });
  }
  const text = part.text ?? (data?.data && /^(text\/|application\/json)/.test(data.mimeType ?? '') ? decodeBase64(data.data) : undefined);
  if (text !== undefined) return h('pre', { class: 'artifact-text', 'data-testid': 'artifact-text' }, prettyIfJson(text));
  if (data?.data) return h('a', { download: data.displayName ?? 'artifact', href: `data:${data.mimeType ?? 'application/octet-stream'};base64,${data.data}` }, `download (${data.mimeType ?? 'binary'})`);
  return h('pre', { class: 'artifact-text' }, JSON.stringify(part, null, 2));
}

function prettyIfJson(text: string): string {
  const trimmed = text.trim();
  if (!/^[[{]/.test(trimmed)) return text;
  try {
    return JSON.stringify(JSON.parse(trimmed), null, 2);
  } catch {
    return text;
  }
}

function decodeBase64(data: string): string {
  const bytes = Uint8Array.from(atob(data), (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}
