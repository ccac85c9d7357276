import type { Part } from '@google/genai';
import type { Observable } from 'rxjs';
import { type ArtifactLocation, type ArtifactRef, BaseArtifactService } from '../artifacts/base-artifact-service.js';

/**
 * An artifact service that stores everything at one fixed location of another service: an
 * agent run as a tool (in its own child session) reads and writes the caller's artifacts.
 *
 * @example
 * ```ts
 * new ForwardingArtifactService(parentService, { appName, userId, sessionId: parentSessionId });
 * ```
 */
export class ForwardingArtifactService extends BaseArtifactService {
  constructor(
    private readonly target: BaseArtifactService,
    private readonly location: ArtifactLocation,
  ) {
    super();
  }

  saveArtifact(request: ArtifactRef & { artifact: Part }): Observable<number> {
    return this.target.saveArtifact({ ...request, ...this.location });
  }
  loadArtifact(request: ArtifactRef & { version?: number }): Observable<Part | undefined> {
    return this.target.loadArtifact({ ...request, ...this.location });
  }
  listArtifactKeys(): Observable<string[]> {
    return this.target.listArtifactKeys(this.location);
  }
  deleteArtifact(request: ArtifactRef): Observable<void> {
    return this.target.deleteArtifact({ ...request, ...this.location });
  }
  listVersions(request: ArtifactRef): Observable<number[]> {
    return this.target.listVersions({ ...request, ...this.location });
  }
}
