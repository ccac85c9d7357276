// rxadk/telemetry — OpenTelemetry traces and metrics by the GenAI semantic conventions
// (`@opentelemetry/api` is an optional peer dependency).
export { openTelemetry, type OpenTelemetryOptions } from './open-telemetry.js';
