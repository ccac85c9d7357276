import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { firstValueFrom, lastValueFrom } from 'rxjs';
import { EvalInputError } from '../../lib/evaluation/eval-input-error.js';
import { EvalNotFoundError } from '../../lib/evaluation/eval-not-found-error.js';
import { userText, type EvalCase } from '../../lib/evaluation/eval-set.js';
import { LocalEvalSetsManager } from '../../lib/evaluation/local-eval-sets-manager.js';

const evalCase = (evalId: string, text = 'hi'): EvalCase => ({
  evalId,
  conversation: [{ invocationId: 'i1', userContent: userText(text), finalResponse: { role: 'model', parts: [{ text: 'ok' }] }, intermediateData: { toolUses: [{ name: 'f', args: { device_id: 1 } }], toolResponses: [], intermediateResponses: [] }, creationTimestamp: 1 }],
  sessionInput: { appName: 'app', userId: 'u', state: { userName: '' } },
  creationTimestamp: 2,
});

describe('LocalEvalSetsManager (eval sets as <agentsDir>/<app>/<set>.evalset.json)', () => {
  let dir: string;
  let sets: LocalEvalSetsManager;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'rxadk-eval-sets-'));
    mkdirSync(join(dir, 'app'));
    sets = new LocalEvalSetsManager(dir);
  });

  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is cold: nothing is written before subscribing', async () => {
    const create = sets.createEvalSet('app', 's');
    expect(existsSync(join(dir, 'app', 's.evalset.json'))).toBe(false);
    await firstValueFrom(create);
    expect(existsSync(join(dir, 'app', 's.evalset.json'))).toBe(true);
  });

  it('writes ADK Python\'s snake_case (user data keys kept) and reads it back equal', async () => {
    await firstValueFrom(sets.createEvalSet('app', 's'));
    const added = await firstValueFrom(sets.addEvalCase('app', 's', evalCase('c1')));
    const text = readFileSync(join(dir, 'app', 's.evalset.json'), 'utf8');
    expect(text).toContain('"eval_cases"');
    expect(text).toContain('"tool_uses"');
    expect(text).toContain('"device_id"');
    expect(text).toContain('"userName"');
    expect(await firstValueFrom(sets.getEvalSet('app', 's'))).toEqual(added);
    expect(await firstValueFrom(sets.getEvalCase('app', 's', 'c1'))).toEqual(evalCase('c1'));
  });

  it('reads a camelCase set and an old-format list too', async () => {
    writeFileSync(join(dir, 'app', 'camel.evalset.json'), JSON.stringify({ evalSetId: 'camel', evalCases: [{ evalId: 'x', conversation: [] }] }));
    writeFileSync(join(dir, 'app', 'old.evalset.json'), JSON.stringify([{ query: 'hi', expected_tool_use: [], reference: 'hello' }]));
    expect((await firstValueFrom(sets.getEvalSet('app', 'camel')))?.evalCases.map((c) => c.evalId)).toEqual(['x']);
    expect((await firstValueFrom(sets.getEvalSet('app', 'old')))?.evalCases).toHaveLength(1);
    expect(await firstValueFrom(sets.listEvalSets('app'))).toEqual(['camel', 'old']);
  });

  it('lists nothing for an app without a folder; a missing set is undefined', async () => {
    expect(await firstValueFrom(sets.listEvalSets('other'))).toEqual([]);
    expect(await firstValueFrom(sets.getEvalSet('app', 'none'))).toBeUndefined();
    expect(await firstValueFrom(sets.getEvalCase('app', 'none', 'c'))).toBeUndefined();
  });

  it('update replaces the case (moved last, as ADK does); delete removes it; a missing case or set is EvalNotFoundError', async () => {
    await firstValueFrom(sets.createEvalSet('app', 's'));
    await firstValueFrom(sets.addEvalCase('app', 's', evalCase('a')));
    await firstValueFrom(sets.addEvalCase('app', 's', evalCase('b')));
    const updated = await firstValueFrom(sets.updateEvalCase('app', 's', evalCase('a', 'changed')));
    expect(updated.evalCases.map((c) => [c.evalId, c.conversation?.[0]?.userContent.parts?.[0]?.text])).toEqual([
      ['b', 'hi'],
      ['a', 'changed'],
    ]);
    expect((await firstValueFrom(sets.deleteEvalCase('app', 's', 'b'))).evalCases.map((c) => c.evalId)).toEqual(['a']);
    await expect(firstValueFrom(sets.deleteEvalCase('app', 's', 'b'))).rejects.toThrow(EvalNotFoundError);
    await expect(firstValueFrom(sets.updateEvalCase('app', 'nope', evalCase('a')))).rejects.toThrow(/Eval set "nope" not found for app "app"/);
  });

  it('refuses a duplicate set or case, a set id with a path separator, an app name leaving the folder, a malformed file — nothing overwritten', async () => {
    await firstValueFrom(sets.createEvalSet('app', 's'));
    await firstValueFrom(sets.addEvalCase('app', 's', evalCase('a')));
    const before = readFileSync(join(dir, 'app', 's.evalset.json'), 'utf8');
    await expect(firstValueFrom(sets.createEvalSet('app', 's'))).rejects.toThrow(EvalInputError);
    await expect(firstValueFrom(sets.addEvalCase('app', 's', evalCase('a')))).rejects.toThrow(/already exists/);
    expect(readFileSync(join(dir, 'app', 's.evalset.json'), 'utf8')).toBe(before);
    for (const id of ['../s', 'a/b', 'a\\b', '', 'a.b']) await expect(firstValueFrom(sets.createEvalSet('app', id))).rejects.toThrow(/Invalid eval set id/);
    for (const app of ['..', '../app', '.hidden', 'a/b']) await expect(lastValueFrom(sets.listEvalSets(app))).rejects.toThrow(/Invalid app name/);
    writeFileSync(join(dir, 'app', 'broken.evalset.json'), '{ nope');
    await expect(firstValueFrom(sets.getEvalSet('app', 'broken'))).rejects.toThrow(/broken\.evalset\.json is not valid JSON/);
    writeFileSync(join(dir, 'app', 'typo.evalset.json'), JSON.stringify({ eval_set_id: 'typo', evalcases: [] }));
    await expect(firstValueFrom(sets.getEvalSet('app', 'typo'))).rejects.toThrow(/Unknown key "evalcases"/);
  });

  it('deletes a set; deleting it again is EvalNotFoundError', async () => {
    await firstValueFrom(sets.createEvalSet('app', 's'));
    await lastValueFrom(sets.deleteEvalSet('app', 's'), { defaultValue: undefined });
    expect(existsSync(join(dir, 'app', 's.evalset.json'))).toBe(false);
    await expect(lastValueFrom(sets.deleteEvalSet('app', 's'))).rejects.toThrow(EvalNotFoundError);
  });
});
