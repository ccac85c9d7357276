// The committed package locks are the ones `npm install` writes on a fresh clone, so that
// `bash scripts/setup.sh` leaves `git status` clean. Two ways they go stale without anyone seeing:
// package.json changes without `npm install` at the root (or in scripts/typecheck), and the
// Angular example's lock, which copies rxadk's package.json (its `file:../..` dependency) into its
// "../.." entry, is not refreshed after a change to rxadk's package.json.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const json = (path: string): Record<string, unknown> => JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;

/** The fields of a package.json that npm copies into a lock entry, as npm writes them. */
function lockFields(manifest: Record<string, unknown>): Record<string, unknown> {
  const bin = Object.fromEntries(Object.entries((manifest['bin'] ?? {}) as Record<string, string>).map(([name, path]) => [name, path.replace(/^\.\//, '')]));
  const fields: Record<string, unknown> = {
    name: manifest['name'],
    version: manifest['version'],
    license: manifest['license'],
    dependencies: manifest['dependencies'],
    devDependencies: manifest['devDependencies'],
    peerDependencies: manifest['peerDependencies'],
    peerDependenciesMeta: manifest['peerDependenciesMeta'],
    engines: manifest['engines'],
    bin,
  };
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined && !(typeof value === 'object' && Object.keys(value as object).length === 0)));
}

function lockEntry(lockPath: string, key: string): Record<string, unknown> {
  const packages = json(lockPath)['packages'] as Record<string, Record<string, unknown>>;
  return lockFields(Object.hasOwn(packages, key) ? packages[key]! : {});
}

/**
 * What npm writes into the Angular example's "../.." entry: rxadk's lock fields, without `name`
 * when the clone's folder already has that name (npm leaves a linked package's `name` out when it
 * equals its folder's, so a clone in a folder named `rxadk` writes no `name` there).
 */
function linkedLockFields(manifest: Record<string, unknown>, folder: string): Record<string, unknown> {
  const fields = lockFields(manifest);
  if (fields['name'] !== path.basename(folder)) return fields;
  const { name: _name, ...rest } = fields;
  return rest;
}

describe('package locks', () => {
  it('package-lock.json lists what package.json asks for (run `npm install` after editing package.json)', () => {
    expect(lockEntry('package-lock.json', '')).toEqual(lockFields(json('package.json')));
  });

  it("examples/angular-chat/package-lock.json holds rxadk's current package.json (run `npm install` in examples/angular-chat after editing package.json)", () => {
    const entry = lockEntry('examples/angular-chat/package-lock.json', '../..');
    const expected = Object.hasOwn(entry, 'name') ? lockFields(json('package.json')) : linkedLockFields(json('package.json'), process.cwd());
    expect(entry).toEqual(expected);
  });

  it('examples/angular-chat/package-lock.json lists what the example asks for', () => {
    expect(lockEntry('examples/angular-chat/package-lock.json', '')).toEqual(lockFields(json('examples/angular-chat/package.json')));
  });

  it("scripts/typecheck/package-lock.json lists what the type-check's package asks for (TypeScript 7)", () => {
    expect(lockEntry('scripts/typecheck/package-lock.json', '')).toEqual(lockFields(json('scripts/typecheck/package.json')));
  });
});
