import type { IncomingMessage } from 'node:http';
import { Observable } from 'rxjs';
import { HttpError } from './http-error.js';

/**
 * The largest request body accepted by default (1 MiB).
 *
 * @example
 * ```ts
 * readJsonBody(req, 4 * MAX_BODY_BYTES); // accept up to 4 MiB
 * ```
 */
export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Reads a request's body and parses it as JSON. Emits `undefined` for an empty body; errors with
 * an {@link HttpError} 400 when the body is not JSON, 413 when it is larger than `maxBytes`.
 * Cold: the body is read on subscription (once).
 *
 * @example
 * ```ts
 * readJsonBody(req).subscribe((body) => console.log(body)); // { appName: 'weather', ... }
 * ```
 */
export function readJsonBody(req: IncomingMessage, maxBytes = MAX_BODY_BYTES): Observable<unknown> {
  return new Observable<unknown>((subscriber) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > maxBytes) subscriber.error(new HttpError(413, `The request body is larger than ${maxBytes} bytes.`));
      else chunks.push(chunk);
    };
    const onEnd = (): void => {
      const parsed = parseJson(Buffer.concat(chunks).toString('utf8'));
      if (parsed instanceof HttpError) subscriber.error(parsed);
      else {
        subscriber.next(parsed.value);
        subscriber.complete();
      }
    };
    const onError = (error: Error): void => subscriber.error(error);
    req.on('data', onData).on('end', onEnd).on('error', onError);
    return () => {
      req.off('data', onData).off('end', onEnd).off('error', onError);
      req.resume(); // drain what is left, so that the answer can be sent
    };
  });
}

function parseJson(text: string): { value: unknown } | HttpError {
  if (text.trim() === '') return { value: undefined };
  try {
    return { value: JSON.parse(text) as unknown };
  } catch (error) {
    return new HttpError(400, `The request body is not valid JSON (${(error as Error).message}).`);
  }
}
