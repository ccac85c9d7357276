import type { Part } from '@google/genai';
import { defer, type Observable, of } from 'rxjs';
import {
  type ArtifactLocation,
  type ArtifactRef,
  BaseArtifactService,
  isUserScopedFilename,
} from './base-artifact-service.js';

/**
 * A {@link BaseArtifactService} in memory. Synchronous, so it keeps marble tests in virtual time.
 *
 * @example
 * ```ts
 * const artifacts = new InMemoryArtifactService();
 * ```
 */
export class InMemoryArtifactService extends BaseArtifactService {
  private readonly store = new Map<string, Part[]>();

  saveArtifact(request: ArtifactRef & { artifact: Part }): Observable<number> {
    return defer(() => {
      const key = keyOf(request);
      const versions = this.store.get(key) ?? [];
      versions.push(structuredClone(request.artifact));
      this.store.set(key, versions);
      return of(versions.length - 1);
    });
  }

  loadArtifact(request: ArtifactRef & { version?: number }): Observable<Part | undefined> {
    return defer(() => {
      const versions = this.store.get(keyOf(request));
      if (!versions?.length) return of(undefined);
      const part = versions[request.version ?? versions.length - 1];
      return of(part && structuredClone(part));
    });
  }

  listArtifactKeys(request: ArtifactLocation): Observable<string[]> {
    return defer(() => {
      const sessionPrefix = `${request.appName}/${request.userId}/${request.sessionId}/`;
      const userPrefix = `${request.appName}/${request.userId}/user/`;
      const names: string[] = [];
      for (const key of this.store.keys()) {
        if (key.startsWith(sessionPrefix)) names.push(key.slice(sessionPrefix.length));
        else if (key.startsWith(userPrefix)) names.push(key.slice(userPrefix.length));
      }
      return of(names.sort());
    });
  }

  deleteArtifact(request: ArtifactRef): Observable<void> {
    return defer(() => {
      this.store.delete(keyOf(request));
      return of(undefined);
    });
  }

  listVersions(request: ArtifactRef): Observable<number[]> {
    return defer(() => of((this.store.get(keyOf(request)) ?? []).map((_, version) => version)));
  }
}

function keyOf(ref: ArtifactRef): string {
  const scope = isUserScopedFilename(ref.filename) ? 'user' : ref.sessionId;
  return `${ref.appName}/${ref.userId}/${scope}/${ref.filename}`;
}
