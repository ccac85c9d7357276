/**
 * How a workflow node is retried (ADK 2.0's `RetryConfig`; times in seconds). A node without a
 * `retryConfig` is not retried; fields left out take ADK's defaults.
 *
 * @example
 * ```ts
 * node(fetchWeather, { name: 'fetch', retryConfig: { maxAttempts: 3, initialDelay: 0.5, exceptions: ['HttpError'] } });
 * ```
 */
export interface RetryConfig {
  /** Attempts in all, the first included (default 5; 0 or 1: no retry). */
  maxAttempts?: number;
  /** Seconds before the first retry (default 1). */
  initialDelay?: number;
  /** Longest wait between attempts, in seconds (default 60). */
  maxDelay?: number;
  /** Each wait is this many times the previous one (default 2). */
  backoffFactor?: number;
  /** Randomness of a wait, as a fraction of it (default 1; 0 for exact waits). */
  jitter?: number;
  /** Only errors of these classes (or class names) are retried; all errors when left out. */
  exceptions?: ReadonlyArray<string | (abstract new (...args: never[]) => Error)> | null;
}

/** ADK's defaults for the fields a {@link RetryConfig} leaves out. */
export const RETRY_DEFAULTS = { maxAttempts: 5, initialDelay: 1, maxDelay: 60, backoffFactor: 2, jitter: 1 } as const;

/**
 * The wait before the attempt after `attempt` (1-based), in seconds, by ADK's formula:
 * `initialDelay × backoffFactor^(attempt−1)`; with jitter, first capped at
 * `maxDelay / (1 + jitter)`, then moved by up to ± `jitter ×` itself; never above `maxDelay`.
 *
 * @example
 * ```ts
 * [1, 2, 3, 4].map((n) => retryDelaySeconds({ jitter: 0 }, n, Math.random)); // [1, 2, 4, 8]
 * ```
 */
export function retryDelaySeconds(config: RetryConfig, attempt: number, random: () => number): number {
  const initialDelay = config.initialDelay ?? RETRY_DEFAULTS.initialDelay;
  const maxDelay = config.maxDelay ?? RETRY_DEFAULTS.maxDelay;
  const backoffFactor = config.backoffFactor ?? RETRY_DEFAULTS.backoffFactor;
  const jitter = config.jitter ?? RETRY_DEFAULTS.jitter;
  let delay = initialDelay * Math.pow(backoffFactor, Math.max(0, attempt - 1));
  if (jitter > 0) {
    delay = Math.min(delay, maxDelay / (1 + jitter));
    const span = jitter * delay;
    delay = Math.max(0, delay - span + random() * 2 * span);
  }
  return Math.min(delay, maxDelay);
}

/**
 * Whether a node that failed with `error` on attempt `attempt` (1-based) gets another one.
 *
 * @example
 * ```ts
 * shouldRetry({ maxAttempts: 2 }, new Error('x'), 1); // true
 * shouldRetry({ maxAttempts: 2 }, new Error('x'), 2); // false
 * shouldRetry({ exceptions: ['TypeError'] }, new RangeError('x'), 1); // false
 * ```
 */
export function shouldRetry(config: RetryConfig | undefined, error: unknown, attempt: number): boolean {
  if (!config) return false;
  if (attempt >= (config.maxAttempts ?? RETRY_DEFAULTS.maxAttempts)) return false;
  const exceptions = config.exceptions;
  if (!exceptions) return true;
  const names = errorNames(error);
  return exceptions.some((entry) => (typeof entry === 'string' ? names.includes(entry) : error instanceof entry));
}

/**
 * The names an error is known by, for {@link RetryConfig.exceptions} and for the `errorCode` of a
 * node's error event: its class's name and its `name`.
 *
 * @example
 * ```ts
 * errorNames(new TypeError('x')); // ['TypeError']
 * ```
 */
export function errorNames(error: unknown): string[] {
  if (typeof error !== 'object' || error === null) return [typeof error];
  const names = [(error as object).constructor?.name, (error as { name?: unknown }).name].filter((n): n is string => typeof n === 'string' && n !== '');
  return [...new Set(names)];
}
