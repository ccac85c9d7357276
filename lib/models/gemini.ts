import { GoogleGenAI, type GenerateContentParameters, type HttpOptions } from '@google/genai';
import { catchError, concatMap, defer, finalize, from, map, type Observable, throwError } from 'rxjs';
import { abortOnTeardown } from '../operators/abort-on-teardown.js';
import { ModelError } from '../utils/errors.js';
import { aggregateStream } from './aggregate-stream.js';
import { BaseLlm } from './base-llm.js';
import type { LlmRequest } from './llm-request.js';
import type { LlmResponse } from './llm-response.js';
import { llmResponseFromGenai } from './llm-response-from-genai.js';

/**
 * How to reach a Gemini model: the model name and the options of `@google/genai`'s `GoogleGenAI`
 * client.
 *
 * @example
 * ```ts
 * const viaApiKey: GeminiOptions = { model: 'gemini-2.5-flash', apiKey: 'AIza...' };
 * const viaVertex: GeminiOptions = { model: 'gemini-2.5-pro', vertexai: true, project: 'my-project', location: 'us-central1' };
 * const viaStandIn: GeminiOptions = { model: 'gemini-2.5-flash', apiKey: 'test', httpOptions: { baseUrl: 'http://127.0.0.1:8123' } };
 * ```
 */
export interface GeminiOptions {
  /** The model name, e.g. `'gemini-2.5-flash'`; a request's own `model` takes precedence. */
  model: string;
  /** Defaults (Gemini API only) to `GEMINI_API_KEY`, else `GOOGLE_API_KEY`, from the environment. */
  apiKey?: string;
  /** Use Vertex AI instead of the Gemini API. */
  vertexai?: boolean;
  /** Vertex AI project. */
  project?: string;
  /** Vertex AI location. */
  location?: string;
  /** API version, e.g. `'v1beta'` (the SDK's default) or `'v1'`. */
  apiVersion?: string;
  /** `baseUrl` (point the client at another server, e.g. a test stand-in), `headers`, `timeout`, ... */
  httpOptions?: HttpOptions;
}

/**
 * Google's Gemini models, through the official `@google/genai` client (Gemini API or Vertex AI).
 *
 * {@link generateContent} is cold: the HTTP request starts on subscription, and unsubscribing
 * before the answer is complete aborts it (the SDK gets an `AbortSignal`). Without streaming it
 * emits one {@link LlmResponse}; with `stream = true` it emits every server-sent chunk as a
 * partial response and then one aggregated, non-partial response (see {@link aggregateStream}).
 * Failures arrive as {@link ModelError}, with the HTTP `status` and the API's own message.
 *
 * The client is created on the first call and reused.
 *
 * @example
 * ```ts
 * const gemini = new Gemini({ model: 'gemini-2.5-flash' }); // API key from GEMINI_API_KEY
 * const request = createLlmRequest({ contents: [{ role: 'user', parts: [{ text: 'Hi!' }] }] });
 * gemini.generateContent(request).subscribe((response) => console.log(response.content?.parts?.[0]?.text));
 *
 * // Streaming: partial chunks, then the aggregate
 * gemini.generateContent(request, true).subscribe((r) => console.log(r.partial, r.content?.parts));
 *
 * // Tests: a local server speaking the Gemini REST protocol
 * new Gemini({ model: 'gemini-2.5-flash', apiKey: 'test', httpOptions: { baseUrl: standIn.baseUrl } });
 * ```
 */
export class Gemini extends BaseLlm {
  private readonly options: GeminiOptions;
  private client: GoogleGenAI | undefined;

  /** The model names this class serves in {@link LLMRegistry} (the patterns ADK Python uses). */
  static supportedModels(): string[] {
    return [
      'gemini-.*',
      'model-optimizer-.*',
      'projects\\/.+\\/locations\\/.+\\/endpoints\\/.+',
      'projects\\/.+\\/locations\\/.+\\/publishers\\/google\\/models\\/gemini.+',
    ];
  }

  constructor(options: GeminiOptions) {
    super({ model: options.model });
    this.options = { ...options, httpOptions: options.httpOptions && { ...options.httpOptions } };
  }

  /** The `@google/genai` client, created on first use. */
  get apiClient(): GoogleGenAI {
    this.client ??= new GoogleGenAI(clientOptions(this.options));
    return this.client;
  }

  generateContent(request: LlmRequest, stream = false): Observable<LlmResponse> {
    return defer(() => {
      const controller = new AbortController();
      const unlink = followAbort(request.config.abortSignal, controller);
      const parameters = this.parameters(request, controller.signal);
      // inside defer, so that a failure to create the client also becomes a ModelError
      const responses = defer(() => (stream ? this.streamed(parameters) : this.single(parameters)));
      return responses.pipe(
        catchError((error: unknown) => throwError(() => toModelError(error, parameters.model))),
        abortOnTeardown(controller),
        finalize(unlink),
      );
    });
  }

  private parameters(request: LlmRequest, signal: AbortSignal): GenerateContentParameters {
    return {
      model: request.model ?? this.model,
      contents: request.contents,
      config: { ...request.config, abortSignal: signal },
    };
  }

  private single(parameters: GenerateContentParameters): Observable<LlmResponse> {
    return from(this.apiClient.models.generateContent(parameters)).pipe(map(llmResponseFromGenai));
  }

  private streamed(parameters: GenerateContentParameters): Observable<LlmResponse> {
    return from(this.apiClient.models.generateContentStream(parameters)).pipe(
      concatMap((chunks) => from(chunks)),
      map(llmResponseFromGenai),
      aggregateStream(),
    );
  }
}

function clientOptions(options: GeminiOptions): ConstructorParameters<typeof GoogleGenAI>[0] {
  const apiKey = options.apiKey ?? (options.vertexai ? undefined : apiKeyFromEnvironment());
  const { model: _model, ...rest } = options;
  return { ...rest, apiKey, httpOptions: options.httpOptions && { ...options.httpOptions } };
}

/** `GEMINI_API_KEY`, else `GOOGLE_API_KEY`; nothing in a browser (no `process`). */
function apiKeyFromEnvironment(): string | undefined {
  if (typeof process === 'undefined' || !process.env) return undefined;
  return process.env['GEMINI_API_KEY'] || process.env['GOOGLE_API_KEY'] || undefined;
}

/** Aborts `controller` when the caller's own signal (if any) aborts; returns the unlinking function. */
function followAbort(signal: AbortSignal | undefined, controller: AbortController): () => void {
  if (!signal) return () => undefined;
  const abort = () => controller.abort(signal.reason);
  if (signal.aborted) abort();
  else signal.addEventListener('abort', abort, { once: true });
  return () => signal.removeEventListener('abort', abort);
}

// ---------------------------------------------------------------------------------------------
// Errors: everything the SDK or the network throws becomes a ModelError.

interface ApiErrorLike extends Error {
  status: number;
}

interface GoogleErrorBody {
  code?: number;
  message?: string;
  status?: string;
  details?: Array<{ '@type'?: string; retryDelay?: string }>;
}

function toModelError(error: unknown, model: string): ModelError {
  if (error instanceof ModelError) return error;
  if (isApiError(error)) return apiModelError(error, model);
  if (isAbortError(error)) {
    return new ModelError(
      `The request to model "${model}" was aborted before it completed ` +
        '(httpOptions.timeout elapsed or the request\'s abortSignal fired).',
      { model, cause: error },
    );
  }
  if (isNetworkError(error)) {
    return new ModelError(
      `Could not reach the Gemini API for model "${model}": ${describeError(error)}. ` +
        'Check the network connection and httpOptions.baseUrl, then retry.',
      { model, cause: error },
    );
  }
  return new ModelError(`The call to model "${model}" failed: ${describeError(error)}`, { model, cause: error });
}

function apiModelError(error: ApiErrorLike, model: string): ModelError {
  const body = parseGoogleError(error.message);
  const status = error.status;
  const label = body?.status && body.status !== String(status) ? `${status} ${body.status}` : String(status);
  const message = body?.message ?? error.message;
  return new ModelError(
    `The Gemini API answered HTTP ${label} for model "${model}": ${message}` + advice(status, body),
    { model, status, cause: error },
  );
}

/**
 * The `{"error": {...}}` object embedded in an `ApiError` message. The SDK's message is the JSON
 * body (`{"error":{"code":429,"message":"...","status":"RESOURCE_EXHAUSTED"}}`), or, for an error
 * event inside a stream, `got status: RESOURCE_EXHAUSTED. {...}`.
 */
function parseGoogleError(message: string): GoogleErrorBody | undefined {
  const start = message.search(/[[{]/);
  if (start < 0) return undefined;
  try {
    const parsed: unknown = JSON.parse(message.slice(start));
    const envelope = Array.isArray(parsed) ? parsed[0] : parsed;
    const body = (envelope as { error?: unknown } | null)?.error;
    return typeof body === 'object' && body !== null ? (body as GoogleErrorBody) : undefined;
  } catch {
    return undefined;
  }
}

function advice(status: number, body: GoogleErrorBody | undefined): string {
  if (status === 401 || status === 403) {
    return ' — check the API key (the apiKey option, or GEMINI_API_KEY / GOOGLE_API_KEY) and that it may use this model.';
  }
  if (status === 404) return ' — check the model name, the API version and httpOptions.baseUrl.';
  if (status === 429) {
    const delay = retryDelay(body);
    return (
      ' — rate limit or quota exceeded: wait and retry with backoff' +
      (delay ? ` (the API suggests retrying after ${delay})` : '') +
      ', or raise your quota.'
    );
  }
  if (status >= 500) return ' — the service failed or is overloaded: retry later, with backoff.';
  if (status === 400) return ' — check the request (contents, tools, generation config) for this model.';
  return '';
}

function retryDelay(body: GoogleErrorBody | undefined): string | undefined {
  return body?.details?.find((detail) => detail['@type']?.endsWith('RetryInfo'))?.retryDelay;
}

function isApiError(error: unknown): error is ApiErrorLike {
  const candidate = error as Partial<ApiErrorLike> | null;
  return typeof candidate === 'object' && candidate?.name === 'ApiError' && typeof candidate.status === 'number';
}

/**
 * The error and its causes. The SDK wraps what `fetch` throws (`exception ... sending request`), and
 * the wrapped error may come from another realm (Jest's sandbox), where `instanceof` fails: the
 * checks below therefore look at names, messages and codes along the whole chain.
 */
function causeChain(error: unknown): Array<{ name?: string; message?: string; code?: unknown }> {
  const chain: Array<{ name?: string; message?: string; code?: unknown; cause?: unknown }> = [];
  let current: unknown = error;
  while (typeof current === 'object' && current !== null && chain.length < 8 && !chain.includes(current)) {
    chain.push(current as { cause?: unknown });
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}

function isAbortError(error: unknown): boolean {
  return causeChain(error).some((e) => e.name === 'AbortError' || e.name === 'TimeoutError');
}

/** `fetch` failures: Node's `TypeError: fetch failed` (cause: ECONNREFUSED, ...), browsers' `Failed to fetch`. */
function isNetworkError(error: unknown): boolean {
  return causeChain(error).some(
    (e) =>
      (e.name === 'TypeError' && /fetch failed|failed to fetch|networkerror|load failed|terminated/i.test(e.message ?? '')) ||
      (typeof e.code === 'string' && /^(ECONN|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|EPIPE|EHOSTUNREACH|UND_ERR)/.test(e.code)),
  );
}

/** The first meaningful message of the chain, and its root cause's when different. */
function describeError(error: unknown): string {
  const messages = causeChain(error)
    .map((e) => e.message ?? '')
    .filter((message) => message !== '' && !/^exception .* sending request$/.test(message));
  if (messages.length === 0) return String(error);
  const [first, root] = [messages[0]!, messages[messages.length - 1]!];
  return root !== first ? `${first} (${root})` : first;
}
