import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { defer, map, type Observable, of } from 'rxjs';
import { checkEvalSetId, checkNameSegment } from './check-eval-id.js';
import { EvalInputError } from './eval-input-error.js';
import { EvalNotFoundError } from './eval-not-found-error.js';
import type { EvalCase, EvalSet } from './eval-set.js';
import { parseEvalSet } from './parse-eval-set.js';
import { snakeCaseData } from './snake-case-data.js';

const EXTENSION = '.evalset.json';

/**
 * Eval sets stored as ADK's `LocalEvalSetsManager` stores them: one file per set,
 * `<agentsDir>/<app>/<setId>.evalset.json`, written in ADK Python's snake_case (read in either
 * case, and in the old `.test.json` list form, by `parseEvalSet`). Node only. Every method is a
 * cold Observable doing its file work on subscription; a change is written to a temporary file
 * and renamed over the set, so a failed write leaves the old file whole.
 *
 * Bad input fails with `EvalInputError` (a set id outside `^[a-zA-Z0-9_]+$`, an app name that
 * could leave the folder, a case id already in the set, a malformed set file); a missing set or
 * case with `EvalNotFoundError`.
 *
 * @example
 * ```ts
 * const sets = new LocalEvalSetsManager('agents');
 * sets.createEvalSet('weather', 'smoke').pipe(
 *   concatMap(() => sets.addEvalCase('weather', 'smoke', { evalId: 'paris', conversation: [], creationTimestamp: 0 })),
 * ).subscribe(); // agents/weather/smoke.evalset.json
 * ```
 */
export class LocalEvalSetsManager {
  constructor(
    /** The folder of the apps (each app's sets are in its own folder). */
    readonly agentsDir: string,
  ) {}

  /** The set, or `undefined` when there is no such file. */
  getEvalSet(appName: string, evalSetId: string): Observable<EvalSet | undefined> {
    return defer(() => {
      const path = this.pathOf(appName, evalSetId);
      if (!existsSync(path)) return of(undefined);
      return of(parseEvalSet(parseJsonFile(path), path, evalSetId));
    });
  }

  /** Creates an empty set (`name` is its id, as ADK does); fails when it exists already. */
  createEvalSet(appName: string, evalSetId: string): Observable<EvalSet> {
    return defer(() => {
      const path = this.pathOf(appName, evalSetId);
      if (existsSync(path)) throw new EvalInputError(`Eval set "${evalSetId}" already exists for app "${appName}".`, { file: path });
      const set: EvalSet = { evalSetId, name: evalSetId, evalCases: [], creationTimestamp: Date.now() / 1000 };
      writeSet(path, set);
      return of(set);
    });
  }

  /** The ids of the app's sets, sorted (none when the app has no folder). */
  listEvalSets(appName: string): Observable<string[]> {
    return defer(() => {
      const folder = join(this.agentsDir, checkNameSegment(appName, 'app name'));
      if (!existsSync(folder)) return of([]);
      return of(
        readdirSync(folder)
          .filter((file) => file.endsWith(EXTENSION))
          .map((file) => file.slice(0, -EXTENSION.length))
          .sort(),
      );
    });
  }

  /** Deletes the set's file; fails when there is none. */
  deleteEvalSet(appName: string, evalSetId: string): Observable<void> {
    return defer(() => {
      const path = this.pathOf(appName, evalSetId);
      if (!existsSync(path)) throw new EvalNotFoundError('eval set', evalSetId, appName);
      rmSync(path);
      return of(undefined);
    });
  }

  /** The case, or `undefined` when the set or the case does not exist. */
  getEvalCase(appName: string, evalSetId: string, evalId: string): Observable<EvalCase | undefined> {
    return this.getEvalSet(appName, evalSetId).pipe(map((set) => set?.evalCases.find((c) => c.evalId === evalId)));
  }

  /** Adds a case to an existing set; fails when the set is missing or already has a case with that id. */
  addEvalCase(appName: string, evalSetId: string, evalCase: EvalCase): Observable<EvalSet> {
    return this.change(appName, evalSetId, (set) => {
      if (set.evalCases.some((c) => c.evalId === evalCase.evalId)) throw new EvalInputError(`Eval id "${evalCase.evalId}" already exists in eval set "${evalSetId}".`);
      return [...set.evalCases, evalCase];
    });
  }

  /** Replaces the case with the same `evalId` (moved to the end, as ADK does); fails when there is none. */
  updateEvalCase(appName: string, evalSetId: string, evalCase: EvalCase): Observable<EvalSet> {
    return this.change(appName, evalSetId, (set) => [...withoutCase(set, evalCase.evalId, appName), evalCase]);
  }

  /** Removes a case; fails when there is none. */
  deleteEvalCase(appName: string, evalSetId: string, evalId: string): Observable<EvalSet> {
    return this.change(appName, evalSetId, (set) => withoutCase(set, evalId, appName));
  }

  /** The file of a set, once the app name and set id are checked. */
  private pathOf(appName: string, evalSetId: string): string {
    return join(this.agentsDir, checkNameSegment(appName, 'app name'), `${checkEvalSetId(evalSetId)}${EXTENSION}`);
  }

  /** Reads the set, applies `cases` to its cases, writes it back; emits the new set. */
  private change(appName: string, evalSetId: string, cases: (set: EvalSet) => EvalCase[]): Observable<EvalSet> {
    return this.getEvalSet(appName, evalSetId).pipe(
      map((set) => {
        if (!set) throw new EvalNotFoundError('eval set', evalSetId, appName);
        const changed = { ...set, evalCases: cases(set) };
        writeSet(this.pathOf(appName, evalSetId), changed);
        return changed;
      }),
    );
  }
}

function withoutCase(set: EvalSet, evalId: string, appName: string): EvalCase[] {
  if (!set.evalCases.some((c) => c.evalId === evalId)) throw new EvalNotFoundError('eval case', evalId, appName, set.evalSetId);
  return set.evalCases.filter((c) => c.evalId !== evalId);
}

function parseJsonFile(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as unknown;
  } catch (error) {
    throw new EvalInputError(`${path} is not valid JSON (${(error as Error).message}).`, { file: path });
  }
}

/** Writes the set in ADK Python's spelling, through a temporary file renamed over the old one. */
function writeSet(path: string, set: EvalSet): void {
  mkdirSync(join(path, '..'), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(snakeCaseData(set), null, 2)}\n`);
  renameSync(temporary, path);
}
