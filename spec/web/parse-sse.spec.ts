import { lastValueFrom, of, toArray } from 'rxjs';
import { parseSse } from '../../web/src/parse-sse.js';
import { runMessageOf } from '../../web/src/run-message.js';
import { formatSseMessage } from '../../lib/server/sse-message.js';

const frames = (...chunks: string[]) => lastValueFrom(of(...chunks).pipe(parseSse(), toArray()));

describe('parseSse (the dev UI reading /run_sse)', () => {
  it('reads what the server writes, however the chunks cut it', async () => {
    const wire = [
      formatSseMessage({ data: { author: 'a', content: { parts: [{ text: 'line 1\nline 2' }] } } }),
      formatSseMessage({ event: 'trace', data: { seq: 1, hook: 'beforeRun' } }),
      formatSseMessage({ event: 'error', data: { error: 'boom' } }),
    ].join('');
    const cuts = [1, 7, 13, wire.length - 3];
    const chunks = cuts.map((cut, i) => wire.slice(i === 0 ? 0 : cuts[i - 1], cut)).concat(wire.slice(cuts.at(-1)));

    const parsed = await frames(...chunks);

    expect(parsed.map((f) => f.event)).toEqual(['message', 'trace', 'error']);
    expect(parsed.map(runMessageOf)).toEqual([
      { kind: 'event', event: { author: 'a', content: { parts: [{ text: 'line 1\nline 2' }] } } },
      { kind: 'trace', entry: { seq: 1, hook: 'beforeRun' } },
      { kind: 'error', error: 'boom' },
    ]);
  });

  it('accepts \\r\\n line ends (even split between chunks), multi-line data, and skips comments and empty frames', async () => {
    const parsed = await frames(': keep-alive\r\n\r\n', 'event: trace\r', '\ndata: {"a":\r\ndata: 1}\r\n\r', '\n', 'data:\n\n');
    expect(parsed).toEqual([
      { event: 'trace', data: '{"a":\n1}' },
      { event: 'message', data: '' },
    ]);
  });

  it('keeps an unfinished frame until its blank line arrives (and drops it if the stream ends first)', async () => {
    expect(await frames('data: {"x":1}\n')).toEqual([]);
    expect(await frames('data: {"x":1}\n', '\n')).toEqual([{ event: 'message', data: '{"x":1}' }]);
  });
});
