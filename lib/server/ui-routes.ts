import { readFile } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { bindNodeCallback, catchError, map, type Observable } from 'rxjs';
import { fileReply } from './file-reply.js';
import { HttpError } from './http-error.js';
import type { Reply } from './reply.js';
import type { Route } from './route.js';

/** The files of the built dev UI (`npm run build:ui`), by URL path, with their content types. */
const UI_FILES: ReadonlyArray<{ path: string; file: string; contentType: string }> = [
  { path: '/', file: 'index.html', contentType: 'text/html; charset=utf-8' },
  { path: '/index.html', file: 'index.html', contentType: 'text/html; charset=utf-8' },
  { path: '/app.js', file: 'app.js', contentType: 'text/javascript; charset=utf-8' },
  { path: '/app.js.map', file: 'app.js.map', contentType: 'application/json; charset=utf-8' },
  { path: '/styles.css', file: 'styles.css', contentType: 'text/css; charset=utf-8' },
];

const readFileOnce = bindNodeCallback(readFile);

/**
 * The routes that serve the dev UI's static files from `uiDir` (the esbuild output of `web/`).
 * Only the known files are served, so no path can reach outside the folder; each carries an
 * `ETag` ({@link fileReply}). When the UI has not
 * been built, `/` answers 503 with how to build it.
 *
 * @example
 * ```ts
 * const routes = [...apiRoutes(runners), ...uiRoutes('dist/lib/server/ui')];
 * ```
 */
export function uiRoutes(uiDir: string): Route[] {
  return UI_FILES.map(({ path, file, contentType }) => ({
    method: 'GET' as const,
    path,
    handle: ({ raw }) => serveFile(raw, join(uiDir, file), contentType, uiDir),
  }));
}

function serveFile(request: IncomingMessage, path: string, contentType: string, uiDir: string): Observable<Reply> {
  return readFileOnce(path).pipe(
    map((body) => fileReply(request, contentType, body)),
    catchError((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
      throw new HttpError(503, `The dev UI is not built (no ${path}). Run "npm run build:ui" (it writes ${uiDir}).`);
    }),
  );
}
