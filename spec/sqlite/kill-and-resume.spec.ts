import { join } from 'node:path';
import { firstValueFrom } from 'rxjs';
import { SqliteSessionService } from '../../lib/sqlite/sqlite-session-service.js';
import { ackedInvocation, checkpointOf, orphanCalls, RESUME_CHILD, runChild } from '../fixtures/persistence/kill-and-resume.js';
import { transpileForChild, type TranspiledTree } from '../fixtures/persistence/transpile-for-child.js';
import { tempDir } from './temp-dir.js';

describe('SQLite: SIGKILL in the middle of a SequentialAgent, then resume in a new process', () => {
  let tree: TranspiledTree;
  let dir: ReturnType<typeof tempDir>;
  beforeAll(() => {
    tree = transpileForChild('sqlite-resume', [RESUME_CHILD]);
    dir = tempDir('rxadk-resume');
  });
  afterAll(() => {
    tree?.remove();
    dir?.remove();
  });

  it('does not call the first agent\'s model again, finishes the sequence, and stores no duplicated checkpoint and no orphan call', async () => {
    const store = `sqlite:${join(dir.path, 'resume.db')}`;
    const killed = await runChild(tree.script(RESUME_CHILD), [store, 'start'], 'tool draft');
    expect([killed.signal, killed.stderr]).toEqual(['SIGKILL', '']);
    expect(killed.lines.filter((line) => line.startsWith('model '))).toEqual(['model researcher', 'model writer']);
    const invocationId = ackedInvocation(killed)!;

    const resumed = await runChild(tree.script(RESUME_CHILD), [store, 'resume', invocationId]);
    expect([resumed.code, resumed.stderr]).toEqual([0, '']);
    expect(resumed.lines.filter((line) => !line.startsWith('ack '))).toEqual(['tool draft', 'model writer', 'model editor', 'done']);
    expect(resumed.lines.filter((line) => line.startsWith('ack ')).every((line) => line.split(' ')[1] === invocationId)).toBe(true);

    const service = new SqliteSessionService({ path: store.slice('sqlite:'.length) });
    const session = await firstValueFrom(service.getSession({ appName: 'resume', userId: 'u1', sessionId: 's1' }));
    await firstValueFrom(service.close(), { defaultValue: undefined });
    const events = session!.events;
    const checkpoints = events.map(checkpointOf).filter((c): c is string => c !== undefined);
    expect(checkpoints).toEqual([
      'pipeline{"current_sub_agent":"researcher"}', 'researcher{end}',
      'pipeline{"current_sub_agent":"writer"}', 'writer{end}',
      'pipeline{"current_sub_agent":"editor"}', 'editor{end}', 'pipeline{end}',
    ]);
    expect(orphanCalls(events)).toEqual([]);
    expect(new Set(events.map((e) => e.invocationId))).toEqual(new Set([invocationId]));
    expect(events.filter((e) => e.author === 'user')).toHaveLength(1);
  }, 60_000);
});
