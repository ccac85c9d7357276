import type { GenerateContentParameters, GoogleGenAI, HttpOptions } from '@google/genai';
import { firstValueFrom, map, type Observable } from 'rxjs';
import { env } from '../utils/env.js';
import { MissingCredentialsError, ModelError, RxadkError } from '../utils/errors.js';
import { BaseLlm } from './base-llm.js';
import { geminiLiveExchange } from './gemini-live-exchange.js';
import type { LiveConnection } from './live-connection.js';
import { LiveConnectionClosedError } from './live-connection-closed-error.js';
import type { LiveRequest } from './live-request.js';
import type { LlmRequest } from './llm-request.js';
import type { LlmResponse } from './llm-response.js';
import { callSdk, lazySdkClient } from './sdk-client.js';

/** The part of Gemini that needs `@google/genai`, loaded on the first call. */
type GeminiClientModule = typeof import('./gemini-client.js');

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
 * Constructing one is cheap: `@google/genai` is loaded (a dynamic `import()`, so bundles that
 * never call Gemini leave it out) and the client created on the first call, then reused. With no
 * credentials the first call fails with {@link MissingCredentialsError}, naming the variables to set.
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
  /**
   * The SDK and its client: loaded (dynamic `import()`) and created on first subscription, then
   * replayed; a failure is not kept (`shareReplay` resets on error), so the next call retries.
   */
  private readonly client$: Observable<{ sdk: GeminiClientModule; client: GoogleGenAI }>;

  /** The model names this class serves in {@link LLMRegistry} (the patterns ADK Python uses). */
  static supportedModels(): string[] {
    return [...GEMINI_MODEL_PATTERNS];
  }

  /** Cheap: `@google/genai` is loaded (dynamic `import()`) and its client created on the first call. */
  constructor(options: GeminiOptions) {
    super({ model: options.model });
    this.options = { ...options, httpOptions: options.httpOptions && { ...options.httpOptions } };
    // clientOptions throws MissingCredentialsError before anything is loaded
    this.client$ = lazySdkClient(() => clientOptions(this.options), () => import('./gemini-client.js'), (sdk, o) => sdk.createGenaiClient(o), '@google/genai', 'Gemini');
  }

  /**
   * The `@google/genai` client, created on first use (loading the SDK) and reused. Rejects with
   * {@link MissingCredentialsError} when no credentials are configured.
   */
  apiClient(): Promise<GoogleGenAI> {
    return firstValueFrom(this.client$.pipe(map(({ client }) => client)));
  }

  generateContent(request: LlmRequest, stream = false): Observable<LlmResponse> {
    return callSdk(
      this.client$,
      request,
      ({ sdk, client }, signal) => {
        const parameters = this.parameters(request, signal);
        return stream ? sdk.generateStreamed(client, parameters) : sdk.generateSingle(client, parameters);
      },
      (error) => toModelError(error, request.model ?? this.model),
    );
  }

  /**
   * A Gemini Live connection through `@google/genai`'s `ai.live.connect` (see
   * {@link LiveConnection}): the request's system instruction and tools go into the setup with
   * its `liveConnectConfig`; its contents are the history. The server's messages become
   * responses as ADK Python converts them ({@link geminiLiveResponses}).
   *
   * @example
   * ```ts
   * const request = createLlmRequest({ liveConnectConfig: { responseModalities: [Modality.TEXT] } });
   * new Gemini({ model: 'gemini-live-2.5-flash-preview' }).connect(request).exchange(queue.asObservable()).subscribe(console.log);
   * ```
   */
  override connect(request: LlmRequest): LiveConnection {
    const model = request.model ?? this.model;
    const config = {
      ...request.liveConnectConfig,
      ...(request.config.systemInstruction ? { systemInstruction: request.config.systemInstruction } : {}),
      ...(request.config.tools?.length ? { tools: request.config.tools } : {}),
    };
    return {
      exchange: (requests: Observable<LiveRequest>) =>
        geminiLiveExchange(this.client$, { model, config, history: request.contents }, requests, (error) => (error instanceof LiveConnectionClosedError ? error : toModelError(error, model))),
    };
  }

  private parameters(request: LlmRequest, signal: AbortSignal): GenerateContentParameters {
    return {
      model: request.model ?? this.model,
      contents: request.contents,
      config: { ...request.config, abortSignal: signal },
    };
  }
}

/** The model names {@link Gemini} serves (regular expressions, as ADK Python has them). */
export const GEMINI_MODEL_PATTERNS: readonly string[] = [
  'gemini-.*',
  'model-optimizer-.*',
  'projects\\/.+\\/locations\\/.+\\/endpoints\\/.+',
  'projects\\/.+\\/locations\\/.+\\/publishers\\/google\\/models\\/gemini.+',
];

type ClientOptions = ConstructorParameters<typeof GoogleGenAI>[0];

/**
 * The client's options. Throws {@link MissingCredentialsError} when nothing would authenticate:
 * no `apiKey` and no `GEMINI_API_KEY`/`GOOGLE_API_KEY` for the Gemini API; no project or
 * location (options or `GOOGLE_CLOUD_PROJECT`/`GOOGLE_CLOUD_LOCATION`) for Vertex AI
 * (`vertexai: true` or `GOOGLE_GENAI_USE_VERTEXAI=true`). With Vertex AI and an API key (express
 * mode), no project is needed.
 */
function clientOptions(options: GeminiOptions): ClientOptions {
  const vertexai = options.vertexai ?? /^(true|1)$/i.test(env('GOOGLE_GENAI_USE_VERTEXAI') ?? '');
  const apiKey = options.apiKey ?? (vertexai ? undefined : apiKeyFromEnvironment());
  if (vertexai) {
    const hasKey = !!(options.apiKey ?? env('GOOGLE_API_KEY'));
    const missing = [
      ...(options.project || env('GOOGLE_CLOUD_PROJECT') ? [] : ['GOOGLE_CLOUD_PROJECT']),
      ...(options.location || env('GOOGLE_CLOUD_LOCATION') ? [] : ['GOOGLE_CLOUD_LOCATION']),
    ];
    if (!hasKey && missing.length > 0) {
      throw new MissingCredentialsError({
        model: options.model,
        variables: missing,
        message:
          `Gemini model "${options.model}" is set to use Vertex AI, but ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} not set. ` +
          `Set ${missing.join(' and ')} (and sign in with \`gcloud auth application-default login\`), ` +
          'or pass project and location to new Gemini({...}). To use the Gemini API instead, unset GOOGLE_GENAI_USE_VERTEXAI and set GEMINI_API_KEY.',
      });
    }
  } else if (!apiKey) {
    throw new MissingCredentialsError({
      model: options.model,
      variables: ['GEMINI_API_KEY', 'GOOGLE_API_KEY'],
      message:
        `Gemini model "${options.model}" has no API key. Set GEMINI_API_KEY (or GOOGLE_API_KEY) in the environment ` +
        '(get a key at https://aistudio.google.com/apikey), or pass apiKey to new Gemini({...}). ' +
        'For Vertex AI, set GOOGLE_GENAI_USE_VERTEXAI=true, GOOGLE_CLOUD_PROJECT and GOOGLE_CLOUD_LOCATION.',
    });
  }
  const { model: _model, ...rest } = options;
  return { ...rest, vertexai, apiKey, httpOptions: options.httpOptions && { ...options.httpOptions } };
}


/** `GEMINI_API_KEY`, else `GOOGLE_API_KEY`. */
function apiKeyFromEnvironment(): string | undefined {
  return env('GEMINI_API_KEY') ?? env('GOOGLE_API_KEY');
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

function toModelError(error: unknown, model: string): RxadkError {
  if (error instanceof RxadkError) return error; // ModelError, MissingCredentialsError
  if (causeChain(error).some((e) => /Could not load the default credentials/i.test(e.message ?? ''))) {
    return new MissingCredentialsError({
      model,
      variables: ['GOOGLE_APPLICATION_CREDENTIALS'],
      message:
        `Gemini model "${model}" uses Vertex AI, and no Google Cloud credentials were found (${describeError(error)}). ` +
        'Sign in with `gcloud auth application-default login`, or set GOOGLE_APPLICATION_CREDENTIALS to a service account key file. ' +
        'To use the Gemini API instead, unset GOOGLE_GENAI_USE_VERTEXAI and set GEMINI_API_KEY.',
    });
  }
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
