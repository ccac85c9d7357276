import type { IncomingMessage } from 'node:http';
import { defaultIfEmpty, map, type Observable, of } from 'rxjs';
import { DEFAULT_USER_ID } from '../front-ends/default-user-id.js';
import { fromMaybeAsync, type MaybeAsync } from '../utils/from-maybe-async.js';
import { HttpError } from './http-error.js';

/**
 * Who calls the front-end endpoints (`POST /ag-ui/{app}`, `POST /apps/{app}/chat`): the user id
 * the request authenticates as (a cookie, a bearer token), or `undefined` to refuse it (a 401).
 * Threads are sessions of that user.
 *
 * @example
 * ```ts
 * const authenticate: Authenticate = (request) => tokens.get(request.headers.authorization ?? '');
 * DevServer.start({ apps, authenticate });
 * ```
 */
export type Authenticate = (request: IncomingMessage) => MaybeAsync<string | undefined>;

/**
 * The caller's user id: `authenticate`'s answer (a 401 {@link HttpError} when it has none), or
 * `DEFAULT_USER_ID` (`'user'`) without an `authenticate` function.
 *
 * @example
 * ```ts
 * userOf(undefined, req).subscribe((userId) => userId); // 'user'
 * ```
 */
export function userOf(authenticate: Authenticate | undefined, request: IncomingMessage): Observable<string> {
  if (!authenticate) return of(DEFAULT_USER_ID);
  return fromMaybeAsync(() => authenticate(request)).pipe(
    defaultIfEmpty(undefined),
    map((userId) => {
      if (typeof userId !== 'string' || userId === '') throw new HttpError(401, 'This endpoint needs an authenticated user: the request did not authenticate.');
      return userId;
    }),
  );
}
