// rxadk/conformance — replays Google ADK conformance recordings (Node-only: it reads files).
export { readConformanceCase, type ConformanceCase, type Recording, type SpecMessage } from './conformance-case.js';
export { findConformanceCases } from './find-conformance-cases.js';
export { runConformanceCase, type ConformanceOptions, type ConformanceResult } from './run-conformance-case.js';
export { ReplayLlm, type ReplayPosition } from './replay-llm.js';
export { ToolReplayPlugin } from './tool-replay-plugin.js';
export { compareSession } from './compare-session.js';
export { normalizeRequest, normalizeContent } from './normalize.js';
export { firstDifference, preview, type Difference } from './first-difference.js';
export { ConformanceMismatchError, type MismatchLocation } from './conformance-mismatch-error.js';
