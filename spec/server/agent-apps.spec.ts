import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AgentApps } from '../../lib/server/agent-apps.js';

// AgentApps.names() lists the folders of an agents folder that hold an app. The folder may change
// while it is read (`rxadk eval` on an app in /tmp lists /tmp, where other programs remove their
// folders): an entry gone by the time it is looked at is no app, not an error.

describe('AgentApps.names', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'rxadk-agent-apps-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('lists the folders with an agent module, sorted, and skips files, hidden folders and node_modules', () => {
    for (const name of ['weather', 'hr', '.hidden', 'node_modules', 'empty']) mkdirSync(join(dir, name));
    for (const name of ['weather', 'hr', '.hidden', 'node_modules']) writeFileSync(join(dir, name, 'agent.js'), 'export const rootAgent = {};');
    writeFileSync(join(dir, 'notes.txt'), 'not an app');
    expect(new AgentApps(dir).names()).toEqual(['hr', 'weather']);
  });

  it('takes an entry that is gone when looked at (a dangling link) as no app, and lists the others', () => {
    mkdirSync(join(dir, 'weather'));
    writeFileSync(join(dir, 'weather', 'agent.js'), 'export const rootAgent = {};');
    symlinkSync(join(dir, 'removed-meanwhile'), join(dir, 'dangling'));
    expect(new AgentApps(dir).names()).toEqual(['weather']);
  });

  it('is empty for a folder that does not exist', () => {
    expect(new AgentApps(join(dir, 'nowhere')).names()).toEqual([]);
  });
});
