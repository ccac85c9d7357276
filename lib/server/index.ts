// rxadk/server — Google ADK's HTTP API and the dev UI host (Node only): what `rxadk web` and
// `rxadk api_server` run, for embedding in your own program or tests.
export { DevServer, DEFAULT_UI_DIR, type DevServerOptions } from './dev-server.js';
export { AppRunners, type AppRunnersConfig } from './app-runners.js';
export { appSourceOf, type AppSource } from './app-source.js';
export { apiRoutes, requireSession } from './api-routes.js';
export { uiRoutes } from './ui-routes.js';
export { createRequestHandler, type RequestHandlerOptions } from './request-handler.js';
export { matchRoute, type Route, type RouteMatch, type RouteRequest } from './route.js';
export { jsonReply, sseReply, type Reply } from './reply.js';
export { writeReply } from './write-reply.js';
export { readJsonBody, MAX_BODY_BYTES } from './read-json-body.js';
export { HttpError, toHttpError } from './http-error.js';
export { parseRunRequest, type RunRequest } from './run-request.js';
export { parseCreateSessionBody, type CreateSessionBody } from './create-session-body.js';
export { runWithTrace } from './run-with-trace.js';
export { formatSseMessage, type SseMessage } from './sse-message.js';
export { TracePlugin, TRACE_PLUGIN_NAME } from './trace-plugin.js';
export { TraceRecorder, type TraceEntryInit, type SessionRef, type TraceRecorderOptions } from './trace-recorder.js';
export type { TraceEntry, TraceHook } from './trace-entry.js';
export { summarizeContent, summarizeJson } from './summarize-content.js';
export { runServerCommand, serverUsage, type ServerCommandOptions } from './run-server-command.js';
export { SpanStore, DEFAULT_SPAN_LIMIT } from './span-store.js';
export { recordingInstrumentation, type RecordedSpan } from '../telemetry/recording-instrumentation.js';
export { crossSitePolicy, crossSiteRefusal, corsHeaders, preflightHeaders, type CrossSitePolicy } from './cross-site-policy.js';
export { adkWebRoutes, RXADK_VERSION } from './adk-web-routes.js';
export { sessionOnWire } from './session-on-wire.js';
