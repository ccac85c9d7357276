import { firstValueFrom } from 'rxjs';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import { AppRunners } from '../../lib/server/app-runners.js';
import { type AppSource, appSourceOf } from '../../lib/server/app-source.js';
import { HttpError } from '../../lib/server/http-error.js';
import { InMemorySessionService } from '../../lib/sessions/in-memory-session-service.js';

/** An app source that counts how often its names are asked for (a folder's lists the folder each time). */
function countingSource(): { source: AppSource; asked: () => number } {
  const apps = appSourceOf([{ name: 'weather', rootAgent: new LlmAgent({ name: 'weather', model: 'gemini-2.5-flash' }), plugins: [] }]);
  let asked = 0;
  const source: AppSource = {
    names: () => {
      asked++;
      return apps.names();
    },
    load: (name) => apps.load(name),
  };
  return { source, asked: () => asked };
}

describe('AppRunners.requireApp', () => {
  it('asks the source for the app names until the app has a Runner, then no more', async () => {
    const { source, asked } = countingSource();
    const runners = new AppRunners({ apps: source, sessionService: new InMemorySessionService() });
    runners.requireApp('weather');
    expect(asked()).toBe(1);
    await firstValueFrom(runners.runnerFor('weather'));
    expect(asked()).toBe(2);
    runners.requireApp('weather');
    await firstValueFrom(runners.runnerFor('weather'));
    expect(asked()).toBe(2);
  });

  it('answers 404 for an app the source does not have, asking it each time', () => {
    const { source, asked } = countingSource();
    const runners = new AppRunners({ apps: source, sessionService: new InMemorySessionService() });
    expect(() => runners.requireApp('nope')).toThrow(HttpError);
    expect(() => runners.requireApp('nope')).toThrow('There is no app "nope". Apps: weather.');
    expect(asked()).toBe(2);
  });

  it('errors runnerFor with the 404 for an unknown app, and builds no Runner for it', async () => {
    const { source } = countingSource();
    const runners = new AppRunners({ apps: source, sessionService: new InMemorySessionService() });
    await expect(firstValueFrom(runners.runnerFor('nope'))).rejects.toMatchObject({ status: 404 });
    expect(() => runners.requireApp('nope')).toThrow(HttpError);
  });
});
