// What a scenario needs from a framework, so the same scenario code drives rxadk and @google/adk.

/** One agent app behind a runner with in-memory sessions. */
export interface BenchApp {
  /** Creates an empty session with this id (not timed). */
  createSession(sessionId: string): Promise<void>;
  /** Runs one user turn to completion; resolves with the number of events the caller received. */
  runTurn(sessionId: string, text: string): Promise<number>;
  /** How many events the session service holds for the session (user events included). */
  storedEventCount(sessionId: string): Promise<number>;
  /** The JSON size (UTF-16 characters of `JSON.stringify`) of the events the session holds, summed. */
  storedEventsJsonSize?(sessionId: string): Promise<number>;
}

export interface Framework {
  /** Display name. */
  readonly name: string;
  /** An agent whose model calls `get_weather` (a synchronous FunctionTool) and then answers. */
  weatherApp(): BenchApp;
  /** An agent whose model calls `count` tools at once, each waiting `delayMs`, then answers. */
  parallelApp(count: number, delayMs: number): BenchApp;
}

export const USER_ID = 'bench_user';
