/**
 * The hooks a {@link TracePlugin} records: the Runner's (`onUserMessage`, `beforeRun`, `onEvent`,
 * `afterRun`, `onRunError`) and those around each agent, model call and tool call.
 *
 * @example
 * ```ts
 * const hook: TraceHook = 'beforeModel';
 * ```
 */
export type TraceHook =
  | 'onUserMessage'
  | 'beforeRun'
  | 'beforeAgent'
  | 'afterAgent'
  | 'beforeModel'
  | 'afterModel'
  | 'onModelError'
  | 'beforeTool'
  | 'afterTool'
  | 'onToolError'
  | 'onEvent'
  | 'afterRun'
  | 'onRunError';

/**
 * One hook that fired during an invocation, as the dev UI's timeline shows it. Entries are plain
 * JSON: the HTTP API streams them (`event: trace`) and serves the recorded ones
 * (`GET /apps/{app}/users/{user}/sessions/{id}/trace`).
 *
 * @example
 * ```ts
 * const entry: TraceEntry = {
 *   seq: 7, time: 1767225600000, elapsedMs: 3.2, invocationId: 'e-abc',
 *   appName: 'weather', userId: 'user', sessionId: 's1',
 *   hook: 'beforeTool', agent: 'weather_agent', tool: 'get_weather', plugins: [], callbacks: 1,
 * };
 * ```
 */
export interface TraceEntry {
  /** Increases by one with every entry the recorder takes (across invocations): the order. */
  seq: number;
  /** Wall-clock time (ms since the epoch). */
  time: number;
  /** Milliseconds since the invocation's first entry (monotonic clock). */
  elapsedMs: number;
  invocationId: string;
  appName: string;
  userId: string;
  sessionId: string;
  hook: TraceHook;
  /** The agent the hook belongs to (for agent, model and tool hooks). */
  agent?: string;
  /** The tool of a tool hook. */
  tool?: string;
  /** The function-call id of a tool hook. */
  functionCallId?: string;
  /** The app's plugins that implement this hook, in the order they run (the trace plugin excluded). */
  plugins?: string[];
  /** How many callbacks of this kind the agent itself declares (they run after the plugins). */
  callbacks?: number;
  /** onEvent: the event's id, author and partial flag. */
  eventId?: string;
  author?: string;
  /** onEvent / afterModel: the event or response is a streamed chunk. */
  partial?: boolean;
  /** A short human-readable detail: the user's text, the tool's arguments, a response summary. */
  detail?: string;
  /** onModelError / onToolError / onRunError: the error's message. */
  error?: string;
}

/**
 * A trace entry before the store numbers and timestamps it.
 *
 * @example
 * ```ts
 * const init: TraceEntryInit = { invocationId: 'e-1', appName: 'weather', userId: 'u', sessionId: 's', hook: 'beforeRun' };
 * ```
 */
export type TraceEntryInit = Omit<TraceEntry, 'seq' | 'time' | 'elapsedMs'>;
