import { firstValueFrom, lastValueFrom, of, throwError } from 'rxjs';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import type { AppInfo } from '../../lib/server/app-info.js';
import { appSourceOf, type AppSource } from '../../lib/server/app-source.js';
import { DevServer } from '../../lib/server/dev-server.js';
import { AgentConfigError } from '../../lib/utils/errors.js';
import { call } from './support/http-client.js';

const weather = new LlmAgent({ name: 'weather_agent', description: 'Answers about the weather.', model: 'gemini-2.5-flash' });

async function listApps(apps: AppSource, path: string): Promise<unknown> {
  const server = await firstValueFrom(DevServer.start({ apps, port: 0, ui: false, log: () => undefined }));
  try {
    const answer = await call(server.url, 'GET', path);
    expect(answer.status).toBe(200);
    return answer.json;
  } finally {
    await lastValueFrom(server.close(), { defaultValue: undefined });
  }
}

describe('GET /list-apps?detailed=true (ADK\'s ListAppsResponse, with load errors)', () => {
  it('apps built in code: {apps: [{name, root_agent_name, description, language}]}', async () => {
    const apps = appSourceOf([{ name: 'weather', rootAgent: weather, plugins: [] }]);
    expect(await listApps(apps, '/list-apps?detailed=true')).toEqual({
      apps: [{ name: 'weather', root_agent_name: 'weather_agent', description: 'Answers about the weather.', language: 'code' }],
    });
    expect(await listApps(apps, '/list-apps')).toEqual(['weather']);
  });

  it('a source whose app fails to load: listed with its error (no describe(): derived from load)', async () => {
    const apps: AppSource = {
      names: () => ['broken', 'weather'],
      load: (name) => (name === 'weather' ? of({ name, rootAgent: weather, plugins: [] }) : throwError(() => new AgentConfigError('agent.ts does not compile'))),
    };
    expect(await listApps(apps, '/list-apps?detailed=true')).toEqual({
      apps: [
        { name: 'broken', root_agent_name: '', description: '', language: 'code', error: 'agent.ts does not compile' },
        { name: 'weather', root_agent_name: 'weather_agent', description: 'Answers about the weather.', language: 'code' },
      ],
    });
    expect(await listApps(apps, '/list-apps')).toEqual(['broken', 'weather']);
  });

  it('a source with describe(): its description is served as is', async () => {
    const infos: AppInfo[] = [{ name: 'hello', root_agent_name: 'hello_agent', description: '', language: 'typescript' }];
    const apps: AppSource = { ...appSourceOf([]), names: () => ['hello'], describe: () => of(infos) };
    expect(await listApps(apps, '/list-apps?detailed=true')).toEqual({ apps: infos });
  });
});
