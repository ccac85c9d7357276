import { defer, finalize, map, type Observable, repeat, takeWhile } from 'rxjs';

/**
 * The text of a fetch response body, chunk by chunk as it arrives (UTF-8, characters split
 * across chunks kept whole). Unsubscribing cancels the stream.
 *
 * @example
 * ```ts
 * fromFetch('/run_sse', { method: 'POST', body, selector: (res) => readTextStream(res.body!) })
 *   .subscribe((chunk) => console.log(chunk));
 * ```
 */
export function readTextStream(body: ReadableStream<Uint8Array>): Observable<string> {
  return defer(() => {
    const reader = body.getReader();
    const decoder = new TextDecoder();
    return defer(() => reader.read()).pipe(
      repeat(),
      takeWhile((result) => !result.done),
      map((result) => decoder.decode(result.value, { stream: true })),
      finalize(() => void reader.cancel().catch(() => undefined)),
    );
  });
}
