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
// ADK Python 2.x workflow recordings (`<sample>/tests/*.json`)
export { readWorkflowRecording, isWorkflowRecording, type WorkflowRecording, type RecordedEvent } from './workflow-recording.js';
export { WorkflowRecordingError } from './workflow-recording-error.js';
export { findWorkflowRecordings } from './find-workflow-recordings.js';
export { runWorkflowRecording } from './run-workflow-recording.js';
export { workflowAppOf, type WorkflowApp } from './workflow-app.js';
export { recordedMocks, type MockedFunctions, type RecordedMocks } from './recorded-mocks.js';
export { recordedModelAnswers } from './recorded-model-answers.js';
export { RecordedModelPlugin } from './recorded-model-plugin.js';
export { recordedUserTurns, MISSING_OPENING_TEXT } from './recorded-user-turns.js';
export { compareWorkflowSession, type WorkflowComparison } from './compare-workflow-session.js';
export { normalizeWorkflowEvent } from './normalize-workflow-event.js';
export { canonicalCallIds, replaceCallIds } from './canonical-call-ids.js';
