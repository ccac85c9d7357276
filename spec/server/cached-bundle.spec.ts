import { mkdirSync, readdirSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cachedBundle, keepBundle } from '../../lib/server/cached-bundle.js';
import { tempDir } from '../sqlite/temp-dir.js';

// A TypeScript app is bundled with esbuild once per content of the files it was made from: an
// unchanged app is imported from the kept bundle (rxadk web / api_server on many apps start
// without bundling them again).

describe('cachedBundle / keepBundle (the bundle kept per app, keyed by its inputs)', () => {
  let dir: ReturnType<typeof tempDir>;
  let entry: string;
  let tools: string;
  beforeEach(() => {
    dir = tempDir('rxadk-bundle');
    entry = join(dir.path, 'hello', 'agent.ts');
    tools = join(dir.path, 'hello', 'tools.ts');
    mkdirSync(join(dir.path, 'hello'));
    writeFileSync(entry, "export { rootAgent } from './tools';\n");
    writeFileSync(tools, "export const rootAgent = { name: 'one' };\n");
  });
  afterEach(() => dir.remove());

  it('has nothing for an entry never bundled', () => {
    expect(cachedBundle(entry)).toBeUndefined();
  });

  it('answers the kept bundle while no input changed, by content, not by modification time', () => {
    const file = keepBundle(entry, 'export const a = 1;', ['agent.ts', 'tools.ts']);
    expect(file).toMatch(/hello\/node_modules\/\.cache\/rxadk\/hello-agent-[0-9a-f]{12}\.mjs$/);
    expect(cachedBundle(entry)).toBe(file);
    writeFileSync(tools, "export const rootAgent = { name: 'one' };\n"); // same content, new mtime
    expect(cachedBundle(entry)).toBe(file);
  });

  it('has nothing once an input changed or is gone, and the same bundle again when the content comes back', () => {
    const file = keepBundle(entry, 'export const a = 1;', ['agent.ts', 'tools.ts']);
    writeFileSync(tools, "export const rootAgent = { name: 'two' };\n");
    expect(cachedBundle(entry)).toBeUndefined();
    writeFileSync(tools, "export const rootAgent = { name: 'one' };\n");
    expect(cachedBundle(entry)).toBe(file);
    unlinkSync(tools);
    expect(cachedBundle(entry)).toBeUndefined();
  });

  it('has nothing when the manifest is unreadable or its bundle is gone', () => {
    const file = keepBundle(entry, 'export const a = 1;', ['agent.ts']);
    unlinkSync(file);
    expect(cachedBundle(entry)).toBeUndefined();
    keepBundle(entry, 'export const a = 1;', ['agent.ts']);
    writeFileSync(join(dir.path, 'hello/node_modules/.cache/rxadk/hello-agent-inputs.json'), '{not json');
    expect(cachedBundle(entry)).toBeUndefined();
  });

  it('drops the older bundles of the same entry', () => {
    keepBundle(entry, 'export const a = 1;', ['agent.ts']);
    const second = keepBundle(entry, 'export const a = 2;', ['agent.ts']);
    const kept = readdirSync(join(dir.path, 'hello/node_modules/.cache/rxadk')).filter((name) => name.endsWith('.mjs'));
    expect(kept).toEqual([second.split('/').pop()]);
  });
});
