import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Part } from '@google/genai';
import { firstValueFrom, lastValueFrom } from 'rxjs';
import type { BaseArtifactService } from '../../lib/artifacts/base-artifact-service.js';
import { InMemoryArtifactService } from '../../lib/artifacts/in-memory-artifact-service.js';
import { FileArtifactService } from '../../lib/files/file-artifact-service.js';
import { tempDir } from '../sqlite/temp-dir.js';

const where = { appName: 'app', userId: 'u1', sessionId: 's1' };

function helpers(service: () => BaseArtifactService) {
  return {
    save: (filename: string, artifact: Part, at = where) => firstValueFrom(service().saveArtifact({ ...at, filename, artifact })),
    load: (filename: string, version?: number, at = where) =>
      firstValueFrom(service().loadArtifact({ ...at, filename, ...(version !== undefined ? { version } : {}) })),
    keys: (at = where) => firstValueFrom(service().listArtifactKeys(at)),
    versions: (filename: string, at = where) => firstValueFrom(service().listVersions({ ...at, filename })),
    remove: (filename: string, at = where) =>
      lastValueFrom(service().deleteArtifact({ ...at, filename }), { defaultValue: undefined }),
  };
}

const roots: Array<ReturnType<typeof tempDir>> = [];
afterAll(() => roots.forEach((root) => root.remove()));
function fileService(): FileArtifactService {
  const root = tempDir('rxadk-artifacts');
  roots.push(root);
  return new FileArtifactService({ root: root.path });
}

// The same behaviour from the file store and the in-memory one.
describe.each([
  ['FileArtifactService', fileService],
  ['InMemoryArtifactService', () => new InMemoryArtifactService()],
] as Array<[string, () => BaseArtifactService]>)('%s', (_name, make) => {
  let service: BaseArtifactService;
  beforeEach(() => {
    service = make();
  });
  const { save, load, keys, versions, remove } = helpers(() => service);

  it('saves versions from 0 and loads the latest or a given one', async () => {
    expect(await save('report.txt', { text: 'v0' })).toBe(0);
    expect(await save('report.txt', { text: 'v1' })).toBe(1);
    expect(await load('report.txt')).toEqual({ text: 'v1' });
    expect(await load('report.txt', 0)).toEqual({ text: 'v0' });
    expect(await load('report.txt', 7)).toBeUndefined();
    expect(await load('missing.txt')).toBeUndefined();
    expect(await versions('report.txt')).toEqual([0, 1]);
    expect(await versions('missing.txt')).toEqual([]);
  });

  it('round-trips binary parts (inlineData) exactly', async () => {
    const png: Part = { inlineData: { mimeType: 'image/png', data: Buffer.from([0, 1, 2, 255]).toString('base64') } };
    await save('pic.png', png);
    expect(await load('pic.png')).toEqual(png);
  });

  it("shares user: artifacts between the user's sessions, and only theirs", async () => {
    await save('user:avatar.png', { text: 'me' });
    await save('notes.txt', { text: 'session only' });
    const other = { ...where, sessionId: 's2' };
    expect(await load('user:avatar.png', undefined, other)).toEqual({ text: 'me' });
    expect(await load('notes.txt', undefined, other)).toBeUndefined();
    expect(await keys()).toEqual(['notes.txt', 'user:avatar.png']);
    expect(await keys(other)).toEqual(['user:avatar.png']);
    expect(await keys({ ...where, userId: 'u2' })).toEqual([]);
    expect(await load('user:avatar.png', undefined, { ...where, userId: 'u2' })).toBeUndefined();
  });

  it('deletes every version of an artifact', async () => {
    await save('a.txt', { text: '0' });
    await save('a.txt', { text: '1' });
    await remove('a.txt');
    expect(await versions('a.txt')).toEqual([]);
    expect(await load('a.txt')).toBeUndefined();
    expect(await keys()).toEqual([]);
    await remove('a.txt'); // harmless
    expect(await save('a.txt', { text: 'again' })).toBe(0);
  });

  it('keeps odd but safe names as they are', async () => {
    const names = ['reports/q1.pdf', '...', '.hidden', 'a..b', 'émoji 😀.txt', 'percent%20name', '100%', 'with space', 'a:b', "it's (1).txt"];
    for (const name of names) await save(name, { text: name });
    for (const name of names) expect(await load(name)).toEqual({ text: name });
    expect(await keys()).toEqual([...names].sort());
  });
});

describe('FileArtifactService on disk', () => {
  let dir: ReturnType<typeof tempDir>;
  beforeEach(() => {
    dir = tempDir('rxadk-artifacts');
  });
  afterEach(() => dir.remove());

  it('keeps one file per version, under app/user/sessions/<session> or app/user/user', async () => {
    const service = new FileArtifactService({ root: dir.path });
    const { save } = helpers(() => service);
    await save('reports/q1.txt', { text: 'a' });
    await save('reports/q1.txt', { text: 'b' });
    await save('user:avatar.png', { text: 'me' });
    const sessionFolder = join(dir.path, 'app', 'u1', 'sessions', 's1', 'reports%2Fq1.txt');
    expect(readdirSync(sessionFolder).sort()).toEqual(['0.json', '1.json']);
    expect(JSON.parse(readFileSync(join(sessionFolder, '1.json'), 'utf8'))).toEqual({ text: 'b' });
    expect(existsSync(join(dir.path, 'app', 'u1', 'user', 'user%3Aavatar.png', '0.json'))).toBe(true);
  });

  it('survives a restart: a new service on the same root sees everything', async () => {
    await helpers(() => new FileArtifactService({ root: dir.path })).save('a.txt', { text: 'kept' });
    const again = helpers(() => new FileArtifactService({ root: dir.path }));
    expect(await again.load('a.txt')).toEqual({ text: 'kept' });
    expect(await again.save('a.txt', { text: 'next' })).toBe(1);
  });

  it('gives concurrent saves (here: two services, as two processes would) distinct versions', async () => {
    const one = new FileArtifactService({ root: dir.path });
    const two = new FileArtifactService({ root: dir.path });
    const saves = Array.from({ length: 20 }, (_, i) =>
      firstValueFrom((i % 2 ? one : two).saveArtifact({ ...where, filename: 'log.txt', artifact: { text: `${i}` } })),
    );
    const versions = await Promise.all(saves);
    expect([...versions].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    const texts = await Promise.all(versions.map((v) => firstValueFrom(one.loadArtifact({ ...where, filename: 'log.txt', version: v }))));
    expect(texts.map((p) => Number(p!.text)).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(readdirSync(join(dir.path, 'app', 'u1', 'sessions', 's1', 'log.txt')).filter((n) => n.startsWith('.tmp'))).toEqual([]);
  });

  it('does nothing before subscription', () => {
    const root = join(dir.path, 'lazy');
    const service = new FileArtifactService({ root });
    service.saveArtifact({ ...where, filename: 'a.txt', artifact: { text: 'x' } });
    expect(existsSync(root)).toBe(false);
  });
});
