import { readdirSync, readFile } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { bindNodeCallback, map, of } from 'rxjs';
import { fileReply } from './file-reply.js';
import { jsonReply } from './reply.js';
import type { Route } from './route.js';

const CONTENT_TYPES = new Map([
  ['.html', 'text/html; charset=utf-8'],
  ['.js', 'text/javascript; charset=utf-8'],
  ['.mjs', 'text/javascript; charset=utf-8'],
  ['.css', 'text/css; charset=utf-8'],
  ['.json', 'application/json; charset=utf-8'],
  ['.map', 'application/json; charset=utf-8'],
  ['.svg', 'image/svg+xml'],
  ['.png', 'image/png'],
  ['.jpg', 'image/jpeg'],
  ['.ico', 'image/x-icon'],
  ['.woff2', 'font/woff2'],
  ['.wasm', 'application/wasm'],
  ['.txt', 'text/plain; charset=utf-8'],
]);

const readFileOnce = bindNodeCallback(readFile);

/**
 * Routes that serve every file under `folder` at `mount` (e.g. adk-web's build at `/dev-ui/`):
 * `mount` itself serves `index.html`, and `mount` without its trailing slash redirects to it (so
 * the page's relative URLs resolve). Each file carries an `ETag` and answers 304 to a request
 * that names it ({@link fileReply}). The folder is listed once, when the routes are made, and only
 * the files found then are served, so no request path can reach outside it.
 *
 * @example
 * ```ts
 * const routes = staticRoutes('node_modules/@google/adk-devtools/dist/browser', '/dev-ui/');
 * ```
 */
export function staticRoutes(folder: string, mount: string): Route[] {
  const files = readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(folder, join(entry.parentPath, entry.name)).split(sep).join('/'));
  const routes: Route[] = files.map((file) => fileRoute(`${mount}${file}`, join(folder, file)));
  if (files.includes('index.html')) {
    routes.push(fileRoute(mount, join(folder, 'index.html')));
    const bare = mount.replace(/\/$/, '');
    routes.push({ method: 'GET', path: bare, handle: () => of(jsonReply({ redirect: mount }, 302, { Location: mount })) });
  }
  return routes;
}

function fileRoute(path: string, file: string): Route {
  const contentType = CONTENT_TYPES.get(extname(file).toLowerCase()) ?? 'application/octet-stream';
  return { method: 'GET', path, handle: ({ raw }) => readFileOnce(file).pipe(map((body) => fileReply(raw, contentType, body))) };
}
