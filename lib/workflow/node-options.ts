import type { SchemaInput } from '../tools/schema.js';
import type { RetryConfig } from './retry-config.js';

/**
 * A node's options (ADK 2.0's names; times in seconds), set with `node(x, options)`.
 *
 * @example
 * ```ts
 * const options: NodeOptions = { name: 'fetch', timeout: 10, retryConfig: { maxAttempts: 3 } };
 * node(fetchWeather, options);
 * ```
 */
export interface NodeOptions {
  /** The node's name in the graph (default: the function's, agent's or tool's name). */
  name?: string;
  /** What the node does (shown when it is offered to a model as a tool). */
  description?: string;
  /** Retried as this says; not retried without it. */
  retryConfig?: RetryConfig;
  /** Longest run of one attempt, in seconds; longer fails the attempt with `NodeTimeoutError` (retryable). */
  timeout?: number;
  /**
   * When the workflow resumes after a `RequestInput` this node made, run the node again (with the
   * answer in `ctx.resumeInputs`) instead of completing it with the answer as its output.
   */
  rerunOnResume?: boolean;
  /** The node completes only once it produced an output (or a route); until then it waits for more input. */
  waitForOutput?: boolean;
  /** The node's input must match this (zod or JSON Schema). */
  inputSchema?: SchemaInput;
  /** The node's output must match this (zod or JSON Schema). */
  outputSchema?: SchemaInput;
  /** Run the node once per item of its (list) input, as a `ParallelWorker`. */
  parallelWorker?: boolean;
  /** With `parallelWorker`: how many items run at once (default 8). */
  maxParallelWorkers?: number;
  /**
   * Beyond ADK: when the node fails for good (after its retries), take this route instead of
   * failing the workflow; the node's output is then `{error: message}`.
   */
  onError?: string;
}
