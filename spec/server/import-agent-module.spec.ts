import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { firstValueFrom } from 'rxjs';
import { importAgentModule } from '../../lib/server/import-agent-module.js';
import { tempDir } from '../sqlite/temp-dir.js';

// esbuild runs as a child process: this suite is in a slow lane (jest.config.ts). The cache itself
// is tested in cached-bundle.spec.ts.

describe('importAgentModule on a TypeScript app', () => {
  let dir: ReturnType<typeof tempDir>;
  let entry: string;
  let tools: string;
  beforeEach(() => {
    dir = tempDir('rxadk-import-app');
    mkdirSync(join(dir.path, 'hello'));
    entry = join(dir.path, 'hello', 'agent.ts');
    tools = join(dir.path, 'hello', 'tools.ts');
    writeFileSync(entry, "import { name } from './tools';\nexport const rootAgent: { name: string } = { name };\n");
    writeFileSync(tools, "export const name: string = 'one';\n");
  });
  afterEach(() => dir.remove());

  const nameOf = async (file: string) => ((await firstValueFrom(importAgentModule(file))).rootAgent as { name: string }).name;
  const bundles = () => readdirSync(join(dir.path, 'hello/node_modules/.cache/rxadk')).filter((name) => name.endsWith('.mjs'));

  it('bundles once, imports the kept bundle while nothing changed, and bundles again when an imported file changes', async () => {
    expect(await nameOf(entry)).toBe('one');
    const [first] = bundles();
    const manifest = join(dir.path, 'hello/node_modules/.cache/rxadk/hello-agent-inputs.json');
    const written = statSync(manifest).mtimeMs;
    expect(await nameOf(entry)).toBe('one');
    expect(bundles()).toEqual([first]);
    expect(statSync(manifest).mtimeMs).toBe(written); // not bundled again
    writeFileSync(tools, "export const name: string = 'two';\n");
    expect(await nameOf(entry)).toBe('two');
    expect(bundles()).not.toEqual([first]);
    expect(existsSync(join(dir.path, 'hello/node_modules/.cache/rxadk', first!))).toBe(false);
  });
});
