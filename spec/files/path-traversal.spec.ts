// Every way we could think of to make FileArtifactService read, write or delete outside its root.
// Each case is tried through all five methods; each must fail with UnsafeArtifactPathError and
// leave the disk untouched (nothing created, inside the root or out). The same list is in
// docs/persistence.md.
import { mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { firstValueFrom, lastValueFrom, type Observable } from 'rxjs';
import { FileArtifactService } from '../../lib/files/file-artifact-service.js';
import { UnsafeArtifactPathError } from '../../lib/files/unsafe-artifact-path-error.js';
import { tempDir } from '../sqlite/temp-dir.js';

const where = { appName: 'app', userId: 'u1', sessionId: 's1' };

/** Unsafe filenames, with what the refusal must say. */
const FILENAMES: Array<[string, unknown, RegExp]> = [
  ['parent segment', '../escape.txt', /"\.\." segment/],
  ['deep parent segments', '../../../../etc/passwd', /"\.\." segment/],
  ['parent segment in the middle', 'a/../../escape', /"\.\." segment/],
  ['trailing parent segment', 'a/..', /"\.\." segment/],
  ['only ..', '..', /"\.\." segment/],
  ['only .', '.', /"\." segment/],
  ['dot segment', './a', /"\." segment/],
  ['dot segment in the middle', 'a/./b', /"\." segment/],
  ['absolute path', '/etc/passwd', /absolute path/],
  ['absolute root', '/', /absolute path/],
  ['UNC-like path', '//server/share/x', /absolute path/],
  ['drive path', 'C:/Windows/win.ini', /absolute \(drive\) path/],
  ['Windows drive with backslashes', 'C:\\Windows\\win.ini', /backslash/],
  ['backslash', 'a\\b', /backslash/],
  ['backslash traversal', '..\\..\\escape', /backslash/],
  ['NUL byte', 'report\u0000.txt', /NUL byte/],
  ['NUL then traversal', 'a\u0000/../../b', /NUL byte/],
  ['tab', 'tab\tname', /control character/],
  ['newline', 'new\nline', /control character/],
  ['escape sequence', '\u001b[31mred', /control character/],
  ['C1 control (NEL)', 'a\u0085b', /control character/],
  ['DEL', 'a\u007fb', /control character/],
  ['empty', '', /empty/],
  ['empty segment', 'a//b', /empty path segment/],
  ['trailing slash', 'a/', /empty path segment/],
  ['user: with nothing after it', 'user:', /empty/],
  ['user: with a parent segment', 'user:../other-user/x', /"\.\." segment/],
  ['user: with an absolute path', 'user:/etc/passwd', /absolute path/],
  ['DIVISION SLASH U+2215', '..\u2215..\u2215etc', /U\+2215 DIVISION SLASH/],
  ['FULLWIDTH SOLIDUS U+FF0F', '..\uFF0Fescape', /U\+FF0F FULLWIDTH SOLIDUS/],
  ['FRACTION SLASH U+2044', 'a\u2044b', /U\+2044 FRACTION SLASH/],
  ['BIG SOLIDUS U+29F8', 'a\u29F8b', /U\+29F8 BIG SOLIDUS/],
  ['FULLWIDTH REVERSE SOLIDUS U+FF3C', 'a\uFF3Cb', /U\+FF3C FULLWIDTH REVERSE SOLIDUS/],
  ['SMALL REVERSE SOLIDUS U+FE68', 'a\uFE68b', /U\+FE68 SMALL REVERSE SOLIDUS/],
  ['SET MINUS U+2216', 'a\u2216b', /U\+2216 SET MINUS/],
  ['FULLWIDTH FULL STOPs U+FF0E', '\uFF0E\uFF0E/escape', /U\+FF0E FULLWIDTH FULL STOP/],
  ['TWO DOT LEADER U+2025', '\u2025/escape', /U\+2025 TWO DOT LEADER/],
  ['ONE DOT LEADER U+2024', '\u2024\u2024/escape', /U\+2024 ONE DOT LEADER/],
  ['right-to-left override', 'invoice\u202Etxt.exe', /invisible bidirectional/],
  ['byte order mark', '\uFEFF../x', /invisible/],
  ['percent-encoded ../', '%2e%2e%2fescape', /percent-decoded.*"\.\." segment/],
  ['half percent-encoded ..', '..%2fescape', /percent-decoded.*"\.\." segment/],
  ['percent-encoded absolute path', '%2Fetc%2Fpasswd', /percent-decoded.*absolute path/],
  ['percent-encoded NUL', 'a%00b', /percent-decoded.*NUL byte/],
  ['percent-encoded backslash', '..%5c..%5cx', /percent-decoded.*backslash/],
  ['too long', 'x'.repeat(300), /too long/],
  ['not a string (number)', 42, /not a string/],
  ['not a string (undefined)', undefined, /not a string/],
];

/** Unsafe app, user and session ids. */
const IDS: Array<[string, 'appName' | 'userId' | 'sessionId', unknown, RegExp]> = [
  ['app ..', 'appName', '..', /"\.\." segment/],
  ['app absolute', 'appName', '/etc', /absolute path/],
  ['user with a slash', 'userId', 'u1/../../u2', /contains a "\/"|"\.\." segment/],
  ['user ..', 'userId', '..', /"\.\." segment/],
  ['user NUL', 'userId', 'u1\u0000', /NUL byte/],
  ['user fullwidth dots', 'userId', '\uFF0E\uFF0E', /FULLWIDTH FULL STOP/],
  ['user empty', 'userId', '', /empty/],
  ['session .', 'sessionId', '.', /"\." segment/],
  ['session backslash', 'sessionId', '..\\x', /backslash/],
  ['session division slash', 'sessionId', 'a\u2215b', /DIVISION SLASH/],
  ['session percent-encoded ..', 'sessionId', '%2E%2E', /percent-decoded/],
];

/** Every method, called with `filename` at `at`. */
function everyMethod(service: FileArtifactService, filename: string, at: typeof where): Array<[string, Observable<unknown>]> {
  return [
    ['saveArtifact', service.saveArtifact({ ...at, filename, artifact: { text: 'pwned' } })],
    ['loadArtifact', service.loadArtifact({ ...at, filename })],
    ['listVersions', service.listVersions({ ...at, filename })],
    ['deleteArtifact', service.deleteArtifact({ ...at, filename })],
    ['listArtifactKeys', service.listArtifactKeys(at)],
  ];
}

/** Every file and folder under `path`, relative. */
function tree(path: string): string[] {
  return readdirSync(path, { recursive: true, encoding: 'utf8' }).sort();
}

describe('FileArtifactService refuses every path-traversal attempt', () => {
  let sandbox: ReturnType<typeof tempDir>;
  let root: string;
  let outside: string;
  let service: FileArtifactService;
  beforeEach(() => {
    sandbox = tempDir('rxadk-traversal');
    root = join(sandbox.path, 'root');
    outside = join(sandbox.path, 'outside');
    mkdirSync(root);
    mkdirSync(outside);
    writeFileSync(join(outside, 'secret.txt'), 'secret');
    service = new FileArtifactService({ root });
  });
  afterEach(() => sandbox.remove());

  it.each(FILENAMES)('filename: %s', async (_case, filename, reason) => {
    for (const [method, call] of everyMethod(service, filename as string, where)) {
      if (method === 'listArtifactKeys') continue; // takes no filename
      const failure = lastValueFrom(call, { defaultValue: undefined });
      await expect(failure).rejects.toBeInstanceOf(UnsafeArtifactPathError);
      await expect(failure).rejects.toThrow(reason);
      await expect(failure).rejects.toMatchObject({ code: 'UNSAFE_ARTIFACT_PATH', field: 'filename' });
    }
    expect(tree(sandbox.path)).toEqual(['outside', 'outside/secret.txt', 'root']);
  });

  it.each(IDS)('id: %s', async (_case, field, value, reason) => {
    for (const [, call] of everyMethod(service, 'report.txt', { ...where, [field]: value })) {
      const failure = lastValueFrom(call, { defaultValue: undefined });
      await expect(failure).rejects.toBeInstanceOf(UnsafeArtifactPathError);
      await expect(failure).rejects.toThrow(reason);
      await expect(failure).rejects.toMatchObject({ field });
    }
    expect(tree(sandbox.path)).toEqual(['outside', 'outside/secret.txt', 'root']);
  });

  it('refuses a path that a symbolic link inside the root sends outside (app folder), creating nothing there', async () => {
    symlinkSync(outside, join(root, 'app'));
    for (const [method, call] of everyMethod(service, 'secret.txt', where)) {
      const result = lastValueFrom(call, { defaultValue: undefined });
      if (method === 'saveArtifact') {
        await expect(result).rejects.toThrow(/a symbolic link makes it resolve outside the root/);
      } else {
        // reading through the link finds nothing (the folders it would need are not there), or is refused
        await result.catch((error: unknown) => expect(error).toBeInstanceOf(UnsafeArtifactPathError));
      }
    }
    expect(tree(outside)).toEqual(['secret.txt']);
  });

  it('refuses to read, list, delete or write through an artifact folder that is a symbolic link to outside', async () => {
    const scope = join(root, 'app', 'u1', 'sessions', 's1');
    mkdirSync(scope, { recursive: true });
    writeFileSync(join(outside, '0.json'), JSON.stringify({ text: 'outside' }));
    symlinkSync(outside, join(scope, 'linked.txt'));
    for (const [method, call] of everyMethod(service, 'linked.txt', where)) {
      const result = lastValueFrom(call, { defaultValue: undefined });
      if (method === 'listArtifactKeys') {
        expect(await result).toEqual(['linked.txt']); // listing names reads nothing through the link
        continue;
      }
      await expect(result).rejects.toThrow(/a symbolic link makes it resolve outside the root/);
    }
    expect(tree(outside)).toEqual(['0.json', 'secret.txt']);
  });

  it("refuses a user: folder linked to another place outside, and a whole scope folder linked outside", async () => {
    mkdirSync(join(root, 'app', 'u1'), { recursive: true });
    symlinkSync(outside, join(root, 'app', 'u1', 'user'));
    await expect(firstValueFrom(service.saveArtifact({ ...where, filename: 'user:x', artifact: { text: '!' } }))).rejects.toThrow(
      /symbolic link/,
    );
    await expect(firstValueFrom(service.listArtifactKeys(where))).rejects.toThrow(/symbolic link/);
    expect(tree(outside)).toEqual(['secret.txt']);
  });

  it('still stores safe names normally next to all this', async () => {
    expect(await firstValueFrom(service.saveArtifact({ ...where, filename: 'ok.txt', artifact: { text: 'fine' } }))).toBe(0);
    expect(await firstValueFrom(service.loadArtifact({ ...where, filename: 'ok.txt' }))).toEqual({ text: 'fine' });
  });
});
