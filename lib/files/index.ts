// rxadk/files — artifacts as files on disk (Node only).
export { FileArtifactService, type FileArtifactServiceOptions } from './file-artifact-service.js';
export { UnsafeArtifactPathError, type ArtifactPathField } from './unsafe-artifact-path-error.js';
export { assertSafeArtifactFilename, assertSafeArtifactSegment } from './artifact-path-rules.js';
export { publishFile } from './write-file-durably.js';
