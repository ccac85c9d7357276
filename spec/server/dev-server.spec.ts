import { firstValueFrom, lastValueFrom } from 'rxjs';
import type { Session } from '../../lib/sessions/session.js';
import { appSourceOf } from '../../lib/server/app-source.js';
import { DevServer } from '../../lib/server/dev-server.js';
import type { TraceLimits } from '../../lib/server/trace-limits.js';
import { GeminiStandIn } from '../../lib/testing/gemini-stand-in.js';
import { call } from './support/http-client.js';
import { testApps } from './support/test-apps.js';

describe('DevServer.start({ traceLimits }): one trace store for the timeline and the spans (a real server on a random port)', () => {
  let standIn: GeminiStandIn;

  beforeAll(async () => (standIn = await GeminiStandIn.start()));
  afterAll(() => standIn.close());

  /** One "note: milk" turn (hooks and spans) on a server with `traceLimits`: the records it still serves. */
  async function keptAfterOneTurn(traceLimits: TraceLimits | undefined): Promise<{ hooks: number; spans: number }> {
    const server = await firstValueFrom(DevServer.start({ apps: appSourceOf(testApps(standIn.baseUrl).apps), port: 0, ui: false, log: () => undefined, ...(traceLimits ? { traceLimits } : {}) }));
    try {
      const session = (await call(server.url, 'POST', '/apps/notes/users/u1/sessions')).json as Session;
      await call(server.url, 'POST', '/run', { appName: 'notes', userId: 'u1', sessionId: session.id, newMessage: { role: 'user', parts: [{ text: 'note: milk' }] } });
      const hooks = (await call(server.url, 'GET', `/apps/notes/users/u1/sessions/${session.id}/trace`)).json as unknown[];
      const spans = (await call(server.url, 'GET', `/dev/apps/notes/debug/trace/session/${session.id}`)).json as unknown[];
      return { hooks: hooks.length, spans: spans.length };
    } finally {
      await lastValueFrom(server.close(), { defaultValue: undefined });
    }
  }

  it('by default keeps the whole turn: its hooks and its 5 spans', async () => {
    const kept = await keptAfterOneTurn(undefined);
    expect(kept.spans).toBe(5);
    expect(kept.hooks).toBeGreaterThan(10);
  });

  it('records bounds hooks and spans together; the old names entries and spans still bound it (their sum)', async () => {
    for (const traceLimits of [{ records: 8 }, { entries: 8 }, { spans: 8 }, { entries: 5, spans: 3 }]) {
      const kept = await keptAfterOneTurn(traceLimits);
      expect([traceLimits, kept.hooks + kept.spans]).toEqual([traceLimits, 8]);
    }
  });

  it('chars bounds them too: past it, a run alone keeps only its newest record (the invocation span, which ends last)', async () => {
    expect(await keptAfterOneTurn({ chars: 1 })).toEqual({ hooks: 0, spans: 1 });
  });
});

describe('DevServer.start: connections (a real server on a random port)', () => {
  it('keeps an idle connection 65 s, and says so to keep-alive clients, so a busy server does not reset their next request', async () => {
    const server = await firstValueFrom(DevServer.start({ apps: appSourceOf([]), port: 0, ui: false, log: () => undefined }));
    try {
      const response = await fetch(`${server.url}/list-apps`);
      await response.text();
      expect(response.headers.get('keep-alive')).toBe('timeout=65');
    } finally {
      await lastValueFrom(server.close(), { defaultValue: undefined });
    }
  });
});
