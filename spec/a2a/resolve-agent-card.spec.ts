import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { firstValueFrom, lastValueFrom, toArray } from 'rxjs';
import { AgentCardError } from '../../lib/a2a/agent-card-error.js';
import { RemoteA2aAgent } from '../../lib/a2a/remote-a2a-agent.js';
import { type CardResolution, resolveAgentCard } from '../../lib/a2a/resolve-agent-card.js';
import { Runner } from '../../lib/runner/runner.js';
import { InMemorySessionService } from '../../lib/sessions/in-memory-session-service.js';

/** A v1.0 agent card whose one interface is at `interfaceUrl`. */
const cardJson = (interfaceUrl: string, description = 'Answers about the weather.') => ({
  name: 'weather',
  description,
  version: '1.0.0',
  supportedInterfaces: [{ url: interfaceUrl, protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
  capabilities: { streaming: true },
  defaultInputModes: ['text/plain'],
  defaultOutputModes: ['text/plain'],
  skills: [],
});

type Route = (req: IncomingMessage, res: ServerResponse) => void;

/** A card server on 127.0.0.1: its routes, and every path it was asked for. */
async function cardServer(routes: (origin: string) => Record<string, Route>): Promise<{ origin: string; hits: string[]; server: Server }> {
  const hits: string[] = [];
  let table: Record<string, Route> = {};
  const server = createServer((req, res) => {
    hits.push(req.url ?? '');
    const route = Object.hasOwn(table, req.url ?? '') ? table[req.url ?? ''] : undefined;
    if (route) return route(req, res);
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  table = routes(origin);
  return { origin, hits, server };
}

const json = (body: unknown): Route => (_req, res) => {
  const text = JSON.stringify(body);
  res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) }).end(text);
};
const redirect = (location: string): Route => (_req, res) => void res.writeHead(302, { Location: location }).end();

let home: Awaited<ReturnType<typeof cardServer>>;
let other: Awaited<ReturnType<typeof cardServer>>;

beforeAll(async () => {
  other = await cardServer((origin) => ({ '/card.json': json(cardJson(`${origin}/`)) }));
  home = await cardServer((origin) => ({
    '/card.json': json(cardJson(`${origin}/a2a`)),
    '/same-origin-redirect': redirect('/card.json'),
    '/cross-origin-redirect': redirect(`${other.origin}/card.json`),
    '/localhost-redirect': redirect(`${origin.replace('127.0.0.1', 'localhost')}/card.json`),
    '/redirect-loop': redirect('/redirect-loop'),
    '/large': json(cardJson(`${origin}/a2a`, 'x'.repeat(20_000))),
    '/large-chunked': (_req, res) => {
      // no Content-Length: the limit has to count the bytes as they come
      res.writeHead(200, { 'Content-Type': 'application/json' });
      const text = JSON.stringify(cardJson(`${origin}/a2a`, 'y'.repeat(20_000)));
      for (let at = 0; at < text.length; at += 1000) res.write(text.slice(at, at + 1000));
      res.end();
    },
    '/silent': () => undefined, // never answers
    '/off-origin-interface': json(cardJson(`${other.origin}/`)),
    '/not-json': (_req, res) => void res.writeHead(200, { 'Content-Type': 'application/json' }).end('<html>'),
    '/not-a-card': json({ hello: 'world' }),
  }));
});

afterAll(async () => {
  for (const { server } of [home, other]) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

const resolve = (path: string, limits: CardResolution = {}) => firstValueFrom(resolveAgentCard(`${home.origin}${path}`, limits));
const refusal = async (path: string, limits: CardResolution = {}) => {
  const error = await resolve(path, limits).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AgentCardError);
  return (error as AgentCardError).message;
};

describe('resolveAgentCard: the limits of card resolution, against real HTTP servers on 127.0.0.1', () => {
  it('reads a card, and follows a redirect on its own origin', async () => {
    expect((await resolve('/card.json')).supportedInterfaces.map((i) => i.url)).toEqual([`${home.origin}/a2a`]);
    expect((await resolve('/same-origin-redirect')).name).toBe('weather');
  });

  it('does not follow a redirect to another origin (another port, or the same port under another host name)', async () => {
    const before = other.hits.length;
    expect(await refusal('/cross-origin-redirect')).toContain(`redirected to another origin (${other.origin}); not followed`);
    expect(other.hits.length).toBe(before); // the other server was never asked
    expect(await refusal('/localhost-redirect')).toMatch(/redirected to another origin \(http:\/\/localhost:\d+\); not followed/);
    expect(await refusal('/redirect-loop')).toContain('more than 5 redirects');
  });

  it('refuses a card over the size limit, with a Content-Length and without one', async () => {
    expect(await refusal('/large', { maxBytes: 8 * 1024 })).toContain('larger than 8192 bytes');
    expect(await refusal('/large-chunked', { maxBytes: 8 * 1024 })).toContain('larger than 8192 bytes');
    expect((await resolve('/large')).description).toHaveLength(20_000); // under the default 512 KiB
  });

  it('gives up on a server that does not answer within the time limit', async () => {
    expect(await refusal('/silent', { timeoutMs: 150 })).toContain('no answer within 150 ms');
  });

  it('refuses an interface on another origin, unless that origin is allowed', async () => {
    expect(await refusal('/off-origin-interface')).toContain(`its interface ${other.origin}/ is on another origin than the card (${home.origin}); allow ${other.origin}`);
    const allowed = await resolve('/off-origin-interface', { allowedOrigins: [other.origin] });
    expect(allowed.supportedInterfaces.map((i) => i.url)).toEqual([`${other.origin}/`]);
    expect(await refusal('/off-origin-interface', { allowedOrigins: ['https://elsewhere.example.com'] })).toContain('another origin');
  });

  it('names what is wrong with an answer that is not a card', async () => {
    expect(await refusal('/not-json')).toContain('it is not JSON');
    expect(await refusal('/not-a-card')).toContain('not an agent card');
    expect(await refusal('/missing')).toContain('HTTP 404');
  });

  it('refuses file paths and URLs that are not http(s) without fetching anything', async () => {
    const fetched: string[] = [];
    const spy: typeof fetch = (input, init) => (fetched.push(String(input)), fetch(input, init));
    for (const [url, reason] of [
      ['/etc/passwd', 'is not an absolute URL'],
      ['./agent-card.json', 'is not an absolute URL'],
      ['file:///etc/passwd', 'only http(s) URLs are fetched, not file:'],
      ['ftp://127.0.0.1/card.json', 'only http(s) URLs are fetched, not ftp:'],
      [`data:application/json,${encodeURIComponent(JSON.stringify(cardJson('http://127.0.0.1/')))}`, 'only http(s) URLs are fetched, not data:'],
    ] as const) {
      const error = await firstValueFrom(resolveAgentCard(url, { fetch: spy })).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(AgentCardError);
      expect((error as Error).message).toContain(reason);
    }
    expect(fetched).toEqual([]);
  });

  it('RemoteA2aAgent passes its cardResolution limits on: an off-origin card fails the run, and is called once allowed', async () => {
    const run = (cardResolution: CardResolution) => {
      const agent = new RemoteA2aAgent({ name: 'weather', agentCard: `${home.origin}/off-origin-interface`, cardResolution });
      const runner = new Runner({ appName: 'caller', agent, sessionService: new InMemorySessionService(), autoCreateSession: true });
      return lastValueFrom(runner.runAsync({ userId: 'u', sessionId: 's', newMessage: { role: 'user', parts: [{ text: 'hi' }] } }).pipe(toArray()));
    };
    await expect(run({})).rejects.toBeInstanceOf(AgentCardError);
    const before = other.hits.length;
    await expect(run({ allowedOrigins: [other.origin] })).rejects.not.toBeInstanceOf(AgentCardError); // the other server is no A2A endpoint
    expect(other.hits.slice(before)).toEqual(['/']); // but it was called, at the allowed interface
  });
});
