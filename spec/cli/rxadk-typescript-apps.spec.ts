import { mkdirSync, writeFileSync } from 'node:fs';
import { AppSandbox, SANDBOX_BUILD_DIR, SANDBOX_CLI_MAIN as CLI_MAIN } from './support/app-sandbox.js';
import { buildCli } from './support/build-cli.js';
import { OFFLINE_ENV, runCli, startServer } from './support/cli-process.js';
import { TmuxTerminal } from './support/tmux.js';

const quote = (arg: string): string => `'${arg.replace(/'/g, `'\\''`)}'`;

/** POSTs `body` as JSON and returns the parsed answer. */
async function post(url: string, body: unknown): Promise<{ status: number; json: unknown }> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, json: await response.json() };
}

/** Creates a session for `app` and runs one turn with `text`; the events' texts and function calls. */
async function runTurn(url: string, app: string, text: string): Promise<string[]> {
  const session = (await post(`${url}/apps/${app}/users/u1/sessions`, {})).json as { id: string };
  const run = await post(`${url}/run`, { app_name: app, user_id: 'u1', session_id: session.id, new_message: { role: 'user', parts: [{ text }] } });
  expect(run.status).toBe(200);
  return (run.json as { content?: { parts?: { text?: string; functionCall?: { name: string } }[] } }[]).flatMap(
    (event) => event.content?.parts?.map((part) => part.text ?? (part.functionCall ? `call ${part.functionCall.name}` : '')) ?? [],
  );
}

const HELLO_TS = `import { BaseLlm, LlmAgent, type LlmRequest, type LlmResponse } from 'rxadk';
import { type Observable, of } from 'rxjs';
import { greeting } from './greeting.js';

class EchoModel extends BaseLlm {
  constructor() {
    super({ model: 'echo' });
  }
  generateContent(request: LlmRequest): Observable<LlmResponse> {
    const said: string = request.contents.at(-1)?.parts?.map((part) => part.text ?? '').join('') ?? '';
    return of({ content: { role: 'model', parts: [{ text: greeting(said) }] } });
  }
}

export const rootAgent: LlmAgent = new LlmAgent({ name: 'hello_agent', description: 'Says hello.', model: new EchoModel() });
`;

const COMPACTING_TS = `import { App, BaseEventsSummarizer, BaseLlm, createEvent, LlmAgent, type Event, type LlmRequest, type LlmResponse } from 'rxadk';
import { type Observable, of } from 'rxjs';

/** Answers with what it was sent: the texts of the request's contents, joined. */
class ShowContentsModel extends BaseLlm {
  constructor() {
    super({ model: 'show' });
  }
  generateContent(request: LlmRequest): Observable<LlmResponse> {
    const sent = request.contents.map((content) => content.parts?.map((part) => part.text ?? '').join('') ?? '').join(' / ');
    return of({ content: { role: 'model', parts: [{ text: 'I was sent: ' + sent } ] } });
  }
}

class CountingSummarizer extends BaseEventsSummarizer {
  maybeSummarizeEvents(events: readonly Event[]): Observable<Event | undefined> {
    const compaction = {
      startTimestamp: events[0]!.timestamp,
      endTimestamp: events[events.length - 1]!.timestamp,
      compactedContent: { role: 'model', parts: [{ text: 'summary of ' + events.length + ' events' }] },
    };
    return of(createEvent({ author: 'user', actions: { compaction } }));
  }
}

export const app: App = new App({
  name: 'compacting',
  rootAgent: new LlmAgent({ name: 'compacting_agent', description: 'Compacts every turn.', model: new ShowContentsModel() }),
  eventsCompaction: { compactionInterval: 1, overlapSize: 0, summarizer: new CountingSummarizer() },
});
`;

describe('TypeScript apps and rxadk create (the CLI as a process)', () => {
  let sandbox: AppSandbox;

  beforeAll(async () => {
    await buildCli(SANDBOX_BUILD_DIR);
    sandbox = AppSandbox.create();
    sandbox.write('agents/hello/agent.ts', HELLO_TS);
    sandbox.write('agents/hello/greeting.ts', 'export const greeting = (name: string): string => `Hello, ${name}!`;\n');
    sandbox.write('agents/broken/agent.ts', 'export const rootAgent: = 1;\n');
    sandbox.write('agents/compacting/agent.ts', COMPACTING_TS);
    sandbox.write('agents/throws/agent.mts', "throw new Error('boom at import');\nexport const rootAgent = 1;\n");
    mkdirSync(sandbox.path('agents/notes')); // not an app: not listed
  }, 60_000);

  afterAll(() => sandbox.remove());

  it('api_server: lists agent.ts apps and broken apps (banner and /list-apps?detailed=true), and answers /run from TypeScript', async () => {
    const server = await startServer('api_server', sandbox.path('agents'));
    try {
      expect(server.banner).toContain(`apps:     4 apps in ${sandbox.path('agents')}: broken (failed to load), compacting, hello, throws (failed to load)`);
      expect(server.banner).toMatch(/failed: +broken: .*agent\.ts does not compile: agent\.ts:1:\d+: /);
      expect(server.banner).toMatch(/failed: +throws: .*agent\.mts failed to load: boom at import/);

      expect(await (await fetch(`${server.url}/list-apps`)).json()).toEqual(['broken', 'compacting', 'hello', 'throws']);
      const detailed = (await (await fetch(`${server.url}/list-apps?detailed=true`)).json()) as { apps: Record<string, string>[] };
      expect(detailed.apps.map(({ error, ...info }) => ({ ...info, failed: Boolean(error) }))).toEqual([
        { name: 'broken', root_agent_name: '', description: '', language: 'typescript', failed: true },
        { name: 'compacting', root_agent_name: 'compacting_agent', description: 'Compacts every turn.', language: 'typescript', failed: false },
        { name: 'hello', root_agent_name: 'hello_agent', description: 'Says hello.', language: 'typescript', failed: false },
        { name: 'throws', root_agent_name: '', description: '', language: 'typescript', failed: true },
      ]);
      expect(detailed.apps[0]!['error']).toMatch(/does not compile: agent\.ts:1:\d+: /);
      expect(detailed.apps[3]!['error']).toMatch(/boom at import/);

      expect(await runTurn(server.url, 'hello', 'Ada')).toEqual(['Hello, Ada!']);
    } finally {
      await server.stop();
    }
  }, 60_000);

  it('api_server: an agent.ts that exports app (an App with eventsCompaction) runs with its settings; the session keeps every raw event and the compaction', async () => {
    const server = await startServer('api_server', sandbox.path('agents'));
    try {
      const session = (await post(`${server.url}/apps/compacting/users/u1/sessions`, {})).json as { id: string };
      const turn = async (text: string) => {
        const run = await post(`${server.url}/run`, { app_name: 'compacting', user_id: 'u1', session_id: session.id, new_message: { role: 'user', parts: [{ text }] } });
        return (run.json as { content?: { parts?: { text?: string }[] } }[]).map((event) => event.content?.parts?.[0]?.text);
      };
      expect(await turn('one')).toEqual(['I was sent: one']);
      // the compaction of turn 1 was written after /run answered; turn 2 waits for it and is sent the summary
      expect(await turn('two')).toEqual(['I was sent: summary of 2 events / two']);
      const stored = (await (await fetch(`${server.url}/apps/compacting/users/u1/sessions/${session.id}`)).json()) as {
        events: { author: string; content?: { parts: { text: string }[] }; actions: { compaction?: { compactedContent: { parts: { text: string }[] } } } }[];
      };
      expect(stored.events.map((e) => e.actions.compaction ? `compaction: ${e.actions.compaction.compactedContent.parts[0]!.text}` : `${e.author}: ${e.content?.parts[0]?.text}`)).toEqual([
        'user: one', 'compacting_agent: I was sent: one', 'compaction: summary of 2 events',
        // the second summary folds the first one in: its summary, then turn 2's two events
        'user: two', 'compacting_agent: I was sent: summary of 2 events / two', 'compaction: summary of 3 events',
      ]);
    } finally {
      await server.stop();
    }
  }, 60_000);

  it('rxadk create: scaffolds agent.ts, .env.example and README.md, asking nothing', async () => {
    const result = await runCli(['create', 'time_teller', '--dir', 'apps', '--model', 'gemini-2.5-pro'], { cwd: sandbox.dir });
    expect([result.code, result.stderr]).toEqual([0, '']);
    expect(result.stdout).toContain('Created apps/time_teller:\n  apps/time_teller/agent.ts\n  apps/time_teller/.env.example\n  apps/time_teller/README.md\n');
    expect(result.stdout).toContain('npx rxadk run apps/time_teller');
    const again = await runCli(['create', 'time_teller', '--dir', 'apps'], { cwd: sandbox.dir });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/time_teller already exists and is not empty/);
    const noName = await runCli(['create'], { cwd: sandbox.dir });
    expect(noName.code).toBe(2);
    expect(noName.stdout).toMatch(/^rxadk create <name>/);
  }, 30_000);

  it('the scaffolded app runs offline at once: rxadk run in a terminal (tmux)', async () => {
    await runCli(['create', 'tmux_app', '--dir', 'scaffolded'], { cwd: sandbox.dir });
    const env = Object.entries(OFFLINE_ENV).map(([key, value]) => `${key}=${value}`).join(' ');
    const terminal = TmuxTerminal.start(
      `cd ${quote(sandbox.dir)} && env ${env} ${quote(process.execPath)} ${quote(CLI_MAIN)} run scaffolded/tmux_app; echo "[rxadk exited with $?]"; sleep 600`,
    );
    try {
      await terminal.waitFor(/^you> ?$/m);
      terminal.type('What time is it in Paris?');
      const answered = await terminal.waitFor(/^tmux_app> It is \d\d:\d\d UTC in Paris\.\nyou> ?$/m);
      expect(answered).toMatch(/you> What time is it in Paris\?\n {2}→ get_time\(\{"city":"Paris"\}\)\n {2}← get_time: \{"city":"Paris","time":"\d\d:\d\d UTC"\}\n/);
      terminal.type('/state');
      await terminal.waitFor(/"turns": 1\n\}\nyou> ?$/m);
      terminal.type('/exit');
      const final = await terminal.waitFor(/^\[rxadk exited with 0\]$/m);
      mkdirSync('test-output/cli', { recursive: true });
      writeFileSync('test-output/cli/rxadk-create-run.txt', final);
    } finally {
      terminal.kill();
    }
  }, 60_000);

  it('the scaffolded app answers /run under rxadk api_server <parent dir>', async () => {
    await runCli(['create', 'served', '--dir', 'served_apps'], { cwd: sandbox.dir });
    const server = await startServer('api_server', sandbox.path('served_apps'));
    try {
      expect(server.banner).toContain(`apps:     1 app in ${sandbox.path('served_apps')}: served`);
      const detailed = (await (await fetch(`${server.url}/list-apps?detailed=true`)).json()) as { apps: Record<string, string>[] };
      expect(detailed.apps).toEqual([{ name: 'served', root_agent_name: 'served', description: 'Tells the time in a city.', language: 'typescript' }]);
      const texts = await runTurn(server.url, 'served', 'What time is it in Tokyo?');
      expect(texts[0]).toBe('call get_time');
      expect(texts.at(-1)).toMatch(/^It is \d\d:\d\d UTC in Tokyo\.$/);
      const hello = await runTurn(server.url, 'served', 'hi');
      expect(hello).toEqual([expect.stringMatching(/offline demo model/)]);
    } finally {
      await server.stop();
    }
  }, 60_000);

  it('rxadk run on a broken TypeScript app says why it did not load', async () => {
    const result = await runCli(['run', sandbox.path('agents/broken')]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/agent\.ts does not compile: agent\.ts:1:\d+: /);
  }, 30_000);
});
