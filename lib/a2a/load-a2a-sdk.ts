import type * as Core from '@a2a-js/sdk';
import type * as Client from '@a2a-js/sdk/client';
import type * as LegacyClient from '@a2a-js/sdk/compat/v0_3/client';
import type * as LegacyServer from '@a2a-js/sdk/compat/v0_3/server';
import type * as Server from '@a2a-js/sdk/server';
import { catchError, concatMap, defer, from, map, type Observable, shareReplay, throwError } from 'rxjs';
import { MissingDriverError } from '../utils/missing-driver-error.js';

/**
 * The parts of `@a2a-js/sdk` that `rxadk/a2a` uses: its protocol types (`core`), the server
 * (request handler, task store, JSON-RPC transport), the v0.3 compatibility transport, and the
 * client (with the v0.3 card reader).
 *
 * @example
 * ```ts
 * loadA2aSdk().subscribe((sdk: A2aSdk) => new sdk.server.InMemoryTaskStore());
 * ```
 */
export interface A2aSdk {
  core: typeof Core;
  server: typeof Server;
  legacyServer: typeof LegacyServer;
  client: typeof Client;
  legacyClient: typeof LegacyClient;
}

/**
 * Loads `@a2a-js/sdk` (an optional peer dependency) on first use, once per process, so that
 * importing `rxadk/a2a` never fails by itself. A missing SDK becomes a `MissingDriverError`
 * naming the package to install.
 *
 * @example
 * ```ts
 * loadA2aSdk().subscribe(({ server }) => console.log(typeof server.DefaultRequestHandler)); // 'function'
 * ```
 */
export function loadA2aSdk(): Observable<A2aSdk> {
  return sdk$;
}

/** One module after the other (Jest's ESM loader fails on parallel imports sharing dependencies). */
const sdk$: Observable<A2aSdk> = defer(() => from(import('@a2a-js/sdk'))).pipe(
  concatMap((core) => from(import('@a2a-js/sdk/server')).pipe(map((server) => ({ core, server })))),
  concatMap((loaded) => from(import('@a2a-js/sdk/compat/v0_3/server')).pipe(map((legacyServer) => ({ ...loaded, legacyServer })))),
  concatMap((loaded) => from(import('@a2a-js/sdk/client')).pipe(map((client) => ({ ...loaded, client })))),
  concatMap((loaded) => from(import('@a2a-js/sdk/compat/v0_3/client')).pipe(map((legacyClient) => ({ ...loaded, legacyClient })))),
  map((loaded): A2aSdk => loaded),
  catchError((error: unknown) => throwError(() => missingSdk(error))),
  shareReplay({ bufferSize: 1, refCount: false }),
);

function missingSdk(error: unknown): unknown {
  const code = (error as { code?: string } | undefined)?.code;
  return code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND' ? new MissingDriverError({ packageName: '@a2a-js/sdk', feature: 'rxadk/a2a', cause: error }) : error;
}
