import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { scaffoldAgentName, scaffoldApp } from '../../lib/cli/scaffold-app.js';
import { AgentConfigError } from '../../lib/utils/errors.js';
import { tempDir } from '../sqlite/temp-dir.js';

describe('scaffoldAgentName', () => {
  it('names the agent after the app, as an identifier', () => {
    expect(scaffoldAgentName('my_agent')).toBe('my_agent');
    expect(scaffoldAgentName('weather')).toBe('weather');
    expect(scaffoldAgentName('my-agent')).toBe('my_agent');
    expect(scaffoldAgentName('_private-app-2')).toBe('_private_app_2');
  });

  it('refuses a name that gives no valid agent name, saying why', () => {
    expect(() => scaffoldAgentName('user')).toThrow(AgentConfigError);
    expect(() => scaffoldAgentName('user')).toThrow('"user" cannot be an app name for rxadk create: its agent would be named "user", which is reserved');
    expect(() => scaffoldAgentName('9lives')).toThrow(/Invalid agent name "9lives": an agent name must be an identifier/);
    expect(() => scaffoldAgentName('my app')).toThrow(AgentConfigError);
  });
});

describe('scaffoldApp', () => {
  let dir: ReturnType<typeof tempDir>;
  beforeEach(() => (dir = tempDir('rxadk-scaffold')));
  afterEach(() => dir.remove());

  const agentSourceOf = (app: string) => readFileSync(join(dir.path, app, 'agent.ts'), 'utf8');

  it('rxadk create my_agent: the agent is named my_agent', () => {
    const files = scaffoldApp({ name: 'my_agent', parentDir: dir.path, model: 'gemini-2.5-flash' });
    expect(files).toEqual(['agent.ts', '.env.example', 'README.md'].map((file) => join(dir.path, 'my_agent', file)));
    expect(agentSourceOf('my_agent')).toContain("  name: 'my_agent',\n");
    expect(agentSourceOf('my_agent')).not.toContain('my_agent_agent');
  });

  it('an app name with "-" gets an agent name with "_"', () => {
    scaffoldApp({ name: 'time-teller', parentDir: dir.path, model: 'gemini-2.5-flash' });
    expect(agentSourceOf('time-teller')).toContain("  name: 'time_teller',\n");
  });

  it('refuses "user" and names that are not app names before writing anything', () => {
    expect(() => scaffoldApp({ name: 'user', parentDir: dir.path, model: 'gemini-2.5-flash' })).toThrow(/reserved for the end user's messages\. Choose another name, e\.g\. user_helper\./);
    expect(existsSync(join(dir.path, 'user'))).toBe(false);
    for (const name of ['9lives', 'my app', '../escape', '']) {
      expect(() => scaffoldApp({ name, parentDir: dir.path, model: 'gemini-2.5-flash' })).toThrow(/is not an app name/);
    }
  });
});
