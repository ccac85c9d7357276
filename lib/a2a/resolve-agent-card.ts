import type { AgentCard } from '@a2a-js/sdk';
import { concatMap, defer, from, map, type Observable } from 'rxjs';
import { AgentCardError } from './agent-card-error.js';
import { type A2aSdk, loadA2aSdk } from './load-a2a-sdk.js';

/**
 * The limits of {@link resolveAgentCard}.
 *
 * @example
 * ```ts
 * const limits: CardResolution = { timeoutMs: 5_000, maxBytes: 64 * 1024, allowedOrigins: ['https://a2a.example.com'] };
 * ```
 */
export interface CardResolution {
  /** Milliseconds the whole fetch may take. Default 10 000. */
  timeoutMs?: number;
  /** The largest card accepted (bytes). Default 512 KiB. */
  maxBytes?: number;
  /** Origins besides the card's own that its interfaces may point to, e.g. `['https://api.example.com']`. */
  allowedOrigins?: readonly string[];
  /** The fetch to use. Default: the global `fetch`. */
  fetch?: typeof fetch;
}

const MAX_REDIRECTS = 5;

/**
 * Fetches an agent card safely: http(s) URLs only (no file paths), a time limit and a size limit,
 * redirects followed only on the card's own origin, and every interface URL in the card on the
 * card's origin unless its origin is allowed. A v0.3 card (ADK Python, @google/adk) is read through
 * the SDK's compatibility layer. Fails with an {@link AgentCardError} saying what was wrong.
 *
 * @example
 * ```ts
 * resolveAgentCard('http://127.0.0.1:8001/.well-known/agent-card.json').subscribe((card) => console.log(card.name));
 * ```
 */
export function resolveAgentCard(cardUrl: string, limits: CardResolution = {}): Observable<AgentCard> {
  return defer(() => {
    const url = httpUrl(cardUrl);
    return from(fetchCardJson(url, limits)).pipe(
      concatMap((json) => loadA2aSdk().pipe(map((sdk) => parseCard(sdk, json, cardUrl)))),
      map((card) => checkInterfaces(card, url, limits.allowedOrigins ?? [])),
    );
  });
}

/**
 * Checks a card's interfaces: each URL http(s), on `cardUrl`'s origin or an allowed one.
 *
 * @example
 * ```ts
 * checkInterfaces(card, new URL('http://127.0.0.1:8001/.well-known/agent-card.json'), []);
 * ```
 */
export function checkInterfaces(card: AgentCard, cardUrl: URL | undefined, allowedOrigins: readonly string[]): AgentCard {
  const allowed = new Set(allowedOrigins.map((origin) => new URL(origin).origin));
  if (cardUrl) allowed.add(cardUrl.origin);
  if (card.supportedInterfaces.length === 0) throw new AgentCardError({ cardUrl: cardUrl?.href, message: 'the card names no interface to call.' });
  for (const entry of card.supportedInterfaces) {
    const target = httpUrl(entry.url, cardUrl?.href);
    if (cardUrl && !allowed.has(target.origin)) {
      throw new AgentCardError({
        cardUrl: cardUrl.href,
        message: `its interface ${entry.url} is on another origin than the card (${cardUrl.origin}); allow ${target.origin} in allowedOrigins if that is intended.`,
      });
    }
  }
  return card;
}

function httpUrl(text: string, cardUrl?: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new AgentCardError({ cardUrl: cardUrl ?? text, message: `"${text}" is not an absolute URL; give the card's http(s) URL.` });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new AgentCardError({ cardUrl: cardUrl ?? text, message: `only http(s) URLs are fetched, not ${url.protocol} (no file paths).` });
  }
  return url;
}

async function fetchCardJson(url: URL, limits: CardResolution): Promise<unknown> {
  const fetchImpl = limits.fetch ?? fetch;
  const timeoutMs = limits.timeoutMs ?? 10_000;
  const maxBytes = limits.maxBytes ?? 512 * 1024;
  const signal = AbortSignal.timeout(timeoutMs);
  let current = url;
  try {
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      const response = await fetchImpl(current, { redirect: 'manual', signal, headers: { Accept: 'application/json' } });
      if (response.status >= 300 && response.status < 400) {
        const next = new URL(response.headers.get('location') ?? '', current);
        if (next.origin !== url.origin) throw new AgentCardError({ cardUrl: url.href, message: `redirected to another origin (${next.origin}); not followed.` });
        current = next;
        continue;
      }
      if (!response.ok) throw new AgentCardError({ cardUrl: url.href, message: `the server answered HTTP ${response.status}.` });
      return JSON.parse(await readLimited(response, maxBytes, url));
    }
    throw new AgentCardError({ cardUrl: url.href, message: `more than ${MAX_REDIRECTS} redirects.` });
  } catch (error) {
    if (error instanceof AgentCardError) throw error;
    const reason = signal.aborted ? `no answer within ${timeoutMs} ms` : error instanceof SyntaxError ? 'it is not JSON' : `unreachable (${(error as Error).message})`;
    throw new AgentCardError({ cardUrl: url.href, message: `${reason}.`, cause: error });
  }
}

async function readLimited(response: Response, maxBytes: number, url: URL): Promise<string> {
  const tooLarge = () => new AgentCardError({ cardUrl: url.href, message: `larger than ${maxBytes} bytes.` });
  if (Number(response.headers.get('content-length') ?? 0) > maxBytes) throw tooLarge();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  if (!reader) return '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parseCard(sdk: A2aSdk, json: unknown, cardUrl: string): AgentCard {
  if (typeof json !== 'object' || json === null || typeof (json as { name?: unknown }).name !== 'string') {
    throw new AgentCardError({ cardUrl, message: 'the JSON is not an agent card (no name).' });
  }
  try {
    return sdk.legacyClient.isLegacyAgentCard(json) ? sdk.legacyClient.parseLegacyAgentCard(json) : sdk.core.AgentCard.fromJSON(json);
  } catch (error) {
    throw new AgentCardError({ cardUrl, message: `not a valid agent card (${(error as Error).message}).`, cause: error });
  }
}
