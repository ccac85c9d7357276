// One weather turn through /run_sse, as the server-load client sends it.

/** What one turn came back with. */
export interface TurnResult {
  session: number;
  /** The turn's index in its session (0: the session's first request, on a new connection or not). */
  turn: number;
  /** The turn's wall time minus its model time (two calls), ms. */
  latencyMs: number;
  /** Time to the response's headers, ms: how long the request waited before its run began streaming. */
  headersMs: number;
  /** When the turn was sent, ms since the run started. */
  sentAtMs: number;
  /** When its answer was whole, ms since the run started. */
  doneAtMs: number;
  events: number;
  whole: boolean;
  /** Why the request failed (the client's error code), when it did. */
  failure?: string;
}

interface SentEvent {
  content?: { parts?: { text?: string; functionCall?: unknown }[] };
  error?: string;
}

/**
 * Sends one turn to `base`'s `/run_sse` for the session `${prefix}${session}`; a failed request is
 * a turn not answered (its `failure` says why).
 *
 * @example
 * ```ts
 * const result = await loadTurn('http://127.0.0.1:8000', { prefix: 's', session: 3, turn: 0 }, 'What is the weather in Oslo?', 100, performance.now());
 * ```
 */
export function loadTurn(base: string, id: { prefix: string; session: number; turn: number }, text: string, modelMs: number, runStartedMs: number): Promise<TurnResult> {
  const sentAtMs = performance.now() - runStartedMs;
  const { session, turn } = id;
  return sendTurn(base, id, text, modelMs, sentAtMs, runStartedMs).catch((error: unknown) => {
    const cause = (error as { cause?: { code?: string } }).cause;
    const failure = cause?.code ?? (error instanceof Error ? error.message : String(error));
    return { session, turn, latencyMs: NaN, headersMs: NaN, sentAtMs, doneAtMs: NaN, events: 0, whole: false, failure };
  });
}

async function sendTurn(base: string, { prefix, session, turn }: { prefix: string; session: number; turn: number }, text: string, modelMs: number, sentAtMs: number, runStartedMs: number): Promise<TurnResult> {
  const started = performance.now();
  const response = await fetch(`${base}/run_sse`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ appName: 'weather', userId: 'u', sessionId: `${prefix}${session}`, newMessage: { role: 'user', parts: [{ text }] } }),
  });
  const headersMs = performance.now() - started;
  const body = await response.text();
  const doneAt = performance.now();
  const latencyMs = doneAt - started - 2 * modelMs;
  const events = body
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => JSON.parse(line.slice(6)) as SentEvent);
  const last = events.at(-1)?.content?.parts?.[0]?.text ?? '';
  const whole = response.ok && events.length === 3 && /^It is (sunny|cloudy) in /.test(last);
  const error = events.find((event) => event.error)?.error;
  const result = { session, turn, latencyMs, headersMs, sentAtMs, doneAtMs: doneAt - runStartedMs, events: events.length, whole };
  // the server's error event, its session id left out so that the same failure counts once
  return error ? { ...result, failure: error.replace(/session "[^"]*"/, 'session …') } : result;
}
