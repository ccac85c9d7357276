import { catchError, concatMap, defer, finalize, from, map, type Observable, shareReplay, throwError } from 'rxjs';
import { abortOnTeardown } from '../operators/abort-on-teardown.js';
import { followAbort } from './follow-abort.js';
import type { LlmRequest } from './llm-request.js';
import type { LlmResponse } from './llm-response.js';
import { missingSdkError } from './missing-sdk-error.js';

/**
 * An SDK client created on first subscription and replayed: `options()` runs first (it may throw,
 * e.g. `MissingCredentialsError`, before anything loads), then `load()` — a dynamic `import()` of
 * the adapter's SDK-facing module — and `create`. A missing package becomes `MissingDriverError`
 * naming it; a failure is not kept (the next call tries again).
 *
 * ```
 * call 1:  options ─ load ─ create ──client──►
 * call 2:                           ──client──►   (replayed)
 * ```
 *
 * @example
 * ```ts
 * const client$ = lazySdkClient(() => clientOptions(this.options), () => import('./openai-client.js'), (sdk, o) => sdk.createOpenAiClient(o), 'openai', 'rxadk/openai');
 * ```
 */
export function lazySdkClient<Options, Module, Client>(
  options: () => Options,
  load: () => Promise<Module>,
  create: (sdk: Module, options: Options) => Client,
  packageName: string,
  feature: string,
): Observable<{ sdk: Module; client: Client }> {
  return defer(() => {
    const settings = options();
    return from(load()).pipe(
      catchError((error: unknown) => throwError(() => missingSdkError(error, packageName, feature))),
      map((sdk) => ({ sdk, client: create(sdk, settings) })),
    );
  }).pipe(shareReplay(1));
}

/**
 * One model call through an SDK client: cold; the call gets an `AbortSignal` that unsubscribing,
 * or the request's own `config.abortSignal`, aborts; whatever fails becomes `toError(error)`.
 *
 * ```
 * subscribe ─ client$ ─ call(signal) ──r1──r2──|
 * unsubscribe early ──► signal aborted (the HTTP request is closed)
 * ```
 *
 * @example
 * ```ts
 * callSdk(this.client$, request, ({ sdk, client }, signal) => sdk.completeOnce(client, params, signal), (e) => providerModelError(e, context));
 * ```
 */
export function callSdk<Loaded>(
  client$: Observable<Loaded>,
  request: LlmRequest,
  call: (loaded: Loaded, signal: AbortSignal) => Observable<LlmResponse>,
  toError: (error: unknown) => unknown,
): Observable<LlmResponse> {
  return defer(() => {
    const controller = new AbortController();
    const unlink = followAbort(request.config.abortSignal, controller);
    return client$.pipe(
      concatMap((loaded) => call(loaded, controller.signal)),
      catchError((error: unknown) => throwError(() => toError(error))),
      abortOnTeardown(controller),
      finalize(unlink),
    );
  });
}
