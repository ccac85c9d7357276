/**
 * The user front-end threads belong to when nothing authenticates the caller: `'user'`, the dev
 * server's default user (the dev UI's and `rxadk run`'s too). `AdkAgent` runs as it unless
 * given a `userId`; `POST /ag-ui/{app}` and `POST /apps/{app}/chat` use it unless the server has
 * an `authenticate` function.
 *
 * @example
 * ```ts
 * sessionService.listSessions({ appName: 'weather', userId: DEFAULT_USER_ID });
 * ```
 */
export const DEFAULT_USER_ID = 'user';
