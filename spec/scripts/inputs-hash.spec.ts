import { mkdirSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../sqlite/temp-dir.js';
import { inputsHash } from '../../scripts/inputs-hash.mjs';

describe('inputsHash (the key of a cached build output)', () => {
  let dir: ReturnType<typeof tempDir>;
  let inputs: string[];
  beforeEach(() => {
    dir = tempDir('rxadk-inputs-hash');
    mkdirSync(join(dir.path, 'src/app'), { recursive: true });
    writeFileSync(join(dir.path, 'src/main.ts'), 'main');
    writeFileSync(join(dir.path, 'src/app/chat.ts'), 'chat');
    writeFileSync(join(dir.path, 'angular.json'), '{}');
    inputs = [join(dir.path, 'src'), join(dir.path, 'angular.json')];
  });
  afterEach(() => dir.remove());

  it('is the same for the same files, whatever their modification times and the order of the paths', () => {
    const before = inputsHash(inputs);
    utimesSync(join(dir.path, 'src/main.ts'), new Date(2000, 0, 1), new Date(2000, 0, 1));
    expect(inputsHash(inputs)).toBe(before);
    expect(inputsHash([...inputs].reverse())).toBe(before);
    expect(before).toMatch(/^[0-9a-f]{64}$/);
  });

  it('changes when a file in a folder changes, is added, removed or renamed, or a listed file changes', () => {
    const seen = new Set([inputsHash(inputs)]);
    const step = (change: () => void) => {
      change();
      const hash = inputsHash(inputs);
      expect(seen.has(hash)).toBe(false);
      seen.add(hash);
    };
    step(() => writeFileSync(join(dir.path, 'src/app/chat.ts'), 'chat 2'));
    step(() => writeFileSync(join(dir.path, 'src/app/new.ts'), ''));
    step(() => renameSync(join(dir.path, 'src/app/new.ts'), join(dir.path, 'src/app/renamed.ts')));
    step(() => rmSync(join(dir.path, 'src/main.ts')));
    step(() => writeFileSync(join(dir.path, 'angular.json'), '{"a":1}'));
  });

  it('tells apart contents moved from one file to the next', () => {
    writeFileSync(join(dir.path, 'src/main.ts'), 'ab');
    writeFileSync(join(dir.path, 'src/app/chat.ts'), 'c');
    const before = inputsHash(inputs);
    writeFileSync(join(dir.path, 'src/main.ts'), 'a');
    writeFileSync(join(dir.path, 'src/app/chat.ts'), 'bc');
    expect(inputsHash(inputs)).not.toBe(before);
  });

  it('throws on a path that does not exist', () => {
    expect(() => inputsHash([join(dir.path, 'missing')])).toThrow(/ENOENT/);
  });
});
