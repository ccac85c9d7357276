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
export { TraceStore } from './trace-store.js';
export { DEFAULT_TRACE_RECORD_LIMIT, DEFAULT_TRACE_CHAR_LIMIT, DEFAULT_INVOCATIONS_PER_SESSION, type TraceStoreOptions } from './trace-store-options.js';
export { traceStoreOptionsOf, type TraceLimits } from './trace-limits.js';
export type { SessionRef, InvocationRef } from './session-ref.js';
export type { TraceEntry, TraceEntryInit, TraceHook } from './trace-entry.js';
export { summarizeContent, summarizeJson } from './summarize-content.js';
export { runServerCommand, serverUsage, type ServerCommandOptions } from './run-server-command.js';
export { recordingInstrumentation, type RecordedSpan } from '../telemetry/recording-instrumentation.js';
export { crossSitePolicy, crossSiteRefusal, corsHeaders, preflightHeaders, type CrossSitePolicy } from './cross-site-policy.js';
export { adkWebRoutes, RXADK_VERSION } from './adk-web-routes.js';
export { sessionOnWire } from './session-on-wire.js';
