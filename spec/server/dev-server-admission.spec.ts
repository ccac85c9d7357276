import { connect } from 'node:net';
import { firstValueFrom, lastValueFrom, map, type Observable, ReplaySubject, take, timer, concatMap, defer, finalize } from 'rxjs';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import { BaseLlm } from '../../lib/models/base-llm.js';
import type { LlmRequest } from '../../lib/models/llm-request.js';
import type { LlmResponse } from '../../lib/models/llm-response.js';
import { appSourceOf } from '../../lib/server/app-source.js';
import { DevServer } from '../../lib/server/dev-server.js';
import type { Session } from '../../lib/sessions/session.js';
import { call } from './support/http-client.js';

/**
 * Echoes the user's last text after `gate` has opened (and a millisecond); counts the calls under
 * way, and opens `gate` itself once `opensAt` of them are: so the first calls wait until that many
 * turns run at once, and the test knows the server ran at least that many together.
 */
class CountingEcho extends BaseLlm {
  inFlight = 0;
  mostAtOnce = 0;
  readonly texts: string[] = [];
  private readonly gate = new ReplaySubject<void>(1);

  constructor(private readonly opensAt: number) {
    super({ model: 'counting-echo' });
  }

  generateContent(request: LlmRequest): Observable<LlmResponse> {
    return defer(() => {
      const text = request.contents.at(-1)?.parts?.[0]?.text ?? '';
      this.texts.push(text);
      this.inFlight += 1;
      this.mostAtOnce = Math.max(this.mostAtOnce, this.inFlight);
      if (this.inFlight >= this.opensAt) this.gate.next();
      return this.gate.pipe(
        take(1),
        concatMap(() => timer(1)),
        map((): LlmResponse => ({ content: { role: 'model', parts: [{ text: `echo: ${text}` }] } })),
        finalize(() => (this.inFlight -= 1)),
      );
    });
  }
}

function startServer(model: CountingEcho, maxRuns: number): Promise<DevServer> {
  const rootAgent = new LlmAgent({ name: 'echo', model, instruction: 'Echo.' });
  return firstValueFrom(DevServer.start({ apps: appSourceOf([{ name: 'echo', rootAgent, plugins: [] }]), port: 0, ui: false, log: () => undefined, maxRuns }));
}

const turnBody = (session: string, text: string) => ({ appName: 'echo', userId: 'u', sessionId: session, newMessage: { role: 'user', parts: [{ text }] } });

/** The text of each non-partial event of an SSE answer. */
function textsOf(sse: string): string[] {
  return sse
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => JSON.parse(line.slice(6)) as { content?: { parts?: { text?: string }[] }; error?: string })
    .map((event) => event.error ?? event.content?.parts?.[0]?.text ?? '');
}

describe('DevServer.start({ maxRuns }): turns past the limit wait their turn (a real server on a random port)', () => {
  it('floods a server limited to 2 runs with 6 sessions × 3 turns: at most 2 run at once, every turn is answered, in order per session', async () => {
    const model = new CountingEcho(2);
    const server = await startServer(model, 2);
    try {
      const sessions = ['s0', 's1', 's2', 's3', 's4', 's5'];
      await Promise.all(sessions.map((id) => call(server.url, 'POST', `/apps/echo/users/u/sessions/${id}`)));
      const answers = await Promise.all(
        sessions.map(async (id) => {
          const texts: string[][] = [];
          for (let turn = 0; turn < 3; turn++) texts.push(textsOf((await call(server.url, 'POST', '/run_sse', turnBody(id, `${id} turn ${turn}`))).text));
          return texts;
        }),
      );
      expect(model.mostAtOnce).toBe(2);
      expect(answers).toEqual(sessions.map((id) => [0, 1, 2].map((turn) => [`echo: ${id} turn ${turn}`])));
      for (const id of sessions) {
        const stored = (await call(server.url, 'GET', `/apps/echo/users/u/sessions/${id}`)).json as Session;
        const said = stored.events.map((event) => `${event.author}: ${event.content?.parts?.[0]?.text}`);
        expect(said).toEqual([0, 1, 2].flatMap((turn) => [`user: ${id} turn ${turn}`, `echo: echo: ${id} turn ${turn}`]));
      }
      expect(model.texts).toHaveLength(18);
    } finally {
      await lastValueFrom(server.close(), { defaultValue: undefined });
    }
  });

  it('answers /run the same way (the JSON route waits in the same line)', async () => {
    const model = new CountingEcho(1);
    const server = await startServer(model, 1);
    try {
      await Promise.all(['a', 'b', 'c'].map((id) => call(server.url, 'POST', `/apps/echo/users/u/sessions/${id}`)));
      const answers = await Promise.all(['a', 'b', 'c'].map((id) => call(server.url, 'POST', '/run', turnBody(id, `${id} hi`))));
      expect(answers.map((answer) => [answer.status, (answer.json as { content?: { parts?: { text?: string }[] } }[]).map((event) => event.content?.parts?.[0]?.text)])).toEqual([
        [200, ['echo: a hi']],
        [200, ['echo: b hi']],
        [200, ['echo: c hi']],
      ]);
      expect(model.mostAtOnce).toBe(1);
    } finally {
      await lastValueFrom(server.close(), { defaultValue: undefined });
    }
  });

  it('serves the other endpoints while every place is taken', async () => {
    const model = new CountingEcho(Infinity);
    const server = await startServer(model, 1);
    try {
      await call(server.url, 'POST', '/apps/echo/users/u/sessions/held');
      const held = call(server.url, 'POST', '/run_sse', turnBody('held', 'wait'));
      while (model.inFlight === 0) await new Promise((done) => setTimeout(done, 5));
      const listed = await call(server.url, 'GET', '/list-apps');
      expect([listed.status, listed.json]).toEqual([200, ['echo']]);
      const stored = (await call(server.url, 'GET', '/apps/echo/users/u/sessions/held')).json as Session;
      expect(stored.events.map((event) => event.author)).toEqual(['user']);
      void held.catch(() => undefined);
    } finally {
      await lastValueFrom(server.close(), { defaultValue: undefined });
    }
  });

  it('answers a request whose target is no URL (the line does not read it as a route)', async () => {
    const server = await startServer(new CountingEcho(1), 1);
    try {
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = connect(Number(new URL(server.url).port), '127.0.0.1', () => socket.end('POST http://[ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\n\r\n'));
        const chunks: Buffer[] = [];
        socket.on('data', (chunk: Buffer) => chunks.push(chunk));
        socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        socket.on('error', reject);
      });
      expect(answer).toMatch(/^HTTP\/1\.1 [45]\d\d /);
      expect((await call(server.url, 'GET', '/list-apps')).json).toEqual(['echo']);
    } finally {
      await lastValueFrom(server.close(), { defaultValue: undefined });
    }
  });

  it('fails to start with an AdmissionLimitError for a limit below 1', async () => {
    const model = new CountingEcho(1);
    await expect(startServer(model, 0)).rejects.toMatchObject({ name: 'AdmissionLimitError', limit: 0 });
  });
});
