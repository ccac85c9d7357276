import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { firstValueFrom, lastValueFrom } from 'rxjs';
import { appSourceOf } from '../../lib/server/app-source.js';
import { DevServer } from '../../lib/server/dev-server.js';
import { findAdkWeb } from '../../lib/server/find-adk-web.js';
import { call } from './support/http-client.js';

/** A stand-in adk-web build: what `findAdkWeb` looks for, a script, a nested asset. */
function fakeBuild(root: string): string {
  const build = join(root, 'node_modules', '@google', 'adk-devtools', 'dist', 'browser');
  mkdirSync(join(build, 'assets', 'config'), { recursive: true });
  writeFileSync(join(build, 'index.html'), '<html><base href="./"></html>');
  writeFileSync(join(build, 'main.js'), 'console.log(1)');
  writeFileSync(join(build, 'assets', 'config', 'runtime-config.json'), '{"backendUrl": ""}');
  writeFileSync(join(root, 'secret.txt'), 'not served');
  return build;
}

describe('adk-web pages (DevServer adkWeb, staticRoutes) and findAdkWeb', () => {
  let dir: string;
  let build: string;
  let server: DevServer;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rxadk-adk-web-'));
    build = fakeBuild(dir);
    server = await firstValueFrom(DevServer.start({ apps: appSourceOf([]), port: 0, adkWeb: build, log: () => undefined }));
  });

  afterAll(async () => {
    await lastValueFrom(server.close(), { defaultValue: undefined });
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves the build at /dev-ui/ with content types; / and /dev-ui redirect to /dev-ui/', async () => {
    for (const path of ['/', '/dev-ui']) {
      const answer = await call(server.url, 'GET', path);
      expect([path, answer.status, answer.headers.location]).toEqual([path, 302, '/dev-ui/']);
    }
    const page = await call(server.url, 'GET', '/dev-ui/');
    expect([page.status, page.headers['content-type'], page.text]).toEqual([200, 'text/html; charset=utf-8', '<html><base href="./"></html>']);
    expect((await call(server.url, 'GET', '/dev-ui/main.js')).headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect((await call(server.url, 'GET', '/dev-ui/assets/config/runtime-config.json')).json).toEqual({ backendUrl: '' });
  });

  it('tags each file (ETag) and answers 304, with no body, to a request that names the tag', async () => {
    const url = `${server.url}/dev-ui/main.js`;
    const first = await fetch(url);
    const etag = first.headers.get('etag');
    expect([first.status, await first.text(), etag]).toEqual([200, 'console.log(1)', expect.stringMatching(/^"[\w-]+"$/)]);
    const again = await fetch(url, { headers: { 'If-None-Match': etag! } });
    expect([again.status, again.headers.get('etag'), await again.text()]).toEqual([304, etag, '']);
    const other = await fetch(url, { headers: { 'If-None-Match': '"stale"' } });
    expect([other.status, await other.text()]).toEqual([200, 'console.log(1)']);
  });

  it('answers an empty stylesheet for the prism-dark.css adk-web links but does not ship', async () => {
    const css = await call(server.url, 'GET', '/dev-ui/prism-dark.css');
    expect([css.status, css.headers['content-type'], css.text]).toEqual([200, 'text/css; charset=utf-8', '']);
  });

  it('serves only the files it listed: nothing outside the folder, nothing unknown', async () => {
    for (const path of ['/dev-ui/../../../secret.txt', '/dev-ui/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/secret.txt', '/dev-ui/missing.js', '/dev-ui/assets']) {
      expect([path, (await call(server.url, 'GET', path)).status]).toEqual([path, 404]);
    }
  });

  it('keeps the cross-site policy on its pages', async () => {
    expect((await call(server.url, 'GET', '/list-apps')).status).toBe(200);
    const evil = await fetch(`${server.url}/dev-ui/`, { headers: { Origin: 'http://evil.example' } });
    expect(evil.status).toBe(403);
  });

  it('findAdkWeb: the build folder, the package folder, or node_modules from a folder below; else undefined', () => {
    const pkg = join(dir, 'node_modules', '@google', 'adk-devtools');
    expect(findAdkWeb([build])).toBe(build);
    expect(findAdkWeb([pkg])).toBe(build);
    mkdirSync(join(dir, 'src', 'agents'), { recursive: true });
    expect(findAdkWeb([join(dir, 'src', 'agents')])).toBe(build);
    expect(findAdkWeb([tmpdir()])).toBeUndefined();
    expect(findAdkWeb([join(dir, 'nowhere'), pkg])).toBe(build);
  });
});
