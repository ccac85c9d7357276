import { spawn } from 'node:child_process';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { firstValueFrom } from 'rxjs';
import { SqliteSessionService } from '../../lib/sqlite/sqlite-session-service.js';
import { transpileForChild, type TranspiledTree } from '../fixtures/persistence/transpile-for-child.js';
import { tempDir } from './temp-dir.js';

const KILLS = 50;
const CHILD = 'spec/fixtures/persistence/sqlite-runner-child.ts';

interface Run {
  acked: string[];
  stderr: string;
  signal: NodeJS.Signals | null;
}

/**
 * Runs the child until it is killed with SIGKILL `delayMs` after it starts (`afterReady`: after
 * it printed "ready", i.e. once its modules are loaded); returns the ids it acknowledged.
 */
function runAndKill(script: string, dbPath: string, delayMs: number, afterReady: boolean): Promise<Run> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [script, dbPath], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let timer: NodeJS.Timeout | undefined;
    const arm = () => {
      timer ??= setTimeout(() => child.kill('SIGKILL'), delayMs);
    };
    if (!afterReady) arm();
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.startsWith('ready\n')) arm();
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', fail);
    child.on('exit', (_code, signal) => {
      clearTimeout(timer);
      const complete = stdout.slice(0, stdout.lastIndexOf('\n') + 1).split('\n');
      const acked = complete.filter((line) => line.startsWith('ack ')).map((line) => line.slice(4));
      done({ acked, stderr, signal });
    });
  });
}

/** What reopening the store shows. */
async function reopen(dbPath: string) {
  const service = new SqliteSessionService({ path: dbPath });
  try {
    return await firstValueFrom(service.getSession({ appName: 'crash', userId: 'u1', sessionId: 's1' }));
  } finally {
    await firstValueFrom(service.close());
  }
}

/** True when `sub` appears in `all` in the same order (other items may sit between). */
function isSubsequence(sub: string[], all: string[]): boolean {
  let i = 0;
  for (const item of all) if (item === sub[i]) i++;
  return i === sub.length;
}

describe('SqliteSessionService: crash durability', () => {
  let tree: TranspiledTree;
  let dir: ReturnType<typeof tempDir>;
  beforeAll(() => {
    tree = transpileForChild('sqlite-crash', [CHILD]);
    dir = tempDir('rxadk-crash');
  });
  afterAll(() => {
    tree?.remove();
    dir?.remove();
  });

  it(`keeps every acknowledged event, in order, whole, across ${KILLS} kill -9 at random points`, async () => {
    const dbPath = join(dir.path, 'crash.db');
    const acked: string[] = [];
    const unacknowledgedButStored: number[] = [];
    for (let kill = 1; kill <= KILLS; kill++) {
      // Every fifth run is killed early (while loading, opening or migrating the file); the
      // others once running, 0 to 120 ms in.
      const early = kill % 5 === 1;
      const run = await runAndKill(tree.script(CHILD), dbPath, Math.floor(Math.random() * (early ? 150 : 120)), !early);
      expect(run.signal).toBe('SIGKILL');
      expect(run.stderr).toBe('');
      acked.push(...run.acked);

      const session = await reopen(dbPath);
      const stored = (session?.events ?? []).filter((e) => e.author === 'counter');
      const storedIds = stored.map((e) => e.id);
      // every acknowledged event is there, in the order it was acknowledged
      expect(isSubsequence(acked, storedIds)).toBe(true);
      // at most one event per kill was stored without being acknowledged (the one in flight)
      unacknowledgedButStored.push(storedIds.length - acked.length);
      expect(storedIds.length - acked.length).toBeLessThanOrEqual(kill);
      // no torn event: each one is whole, and the state agrees with the events
      for (const [i, event] of stored.entries()) {
        const text = event.content!.parts![0]!.text!;
        expect(text.length).toBe(event.customMetadata!['length']);
        expect(text.startsWith(`event ${i + 1} `)).toBe(true);
        expect(event.actions.stateDelta).toEqual({ count: i + 1, 'user:total': i + 1 });
      }
      if (stored.length > 0) expect(session!.state).toEqual({ count: stored.length, 'user:total': stored.length });
    }

    const db = new Database(join(dir.path, 'crash.db'));
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(db.prepare('SELECT count(*) FROM events WHERE NOT json_valid(data)').pluck().get()).toBe(0);
    const seqs = db.prepare('SELECT seq FROM events ORDER BY seq').pluck().all() as number[];
    expect(seqs).toEqual(seqs.map((_, i) => i + 1));
    expect(db.prepare('SELECT version FROM sessions').pluck().get()).toBe(seqs.length);
    db.close();
    if (process.env["RXADK_CRASH_STATS"]) console.log({ acked: acked.length, stored: seqs.length, unacknowledgedButStored });
    // the children did real work between kills
    expect(acked.length).toBeGreaterThan(KILLS * 5);
  }, 120_000);
});
