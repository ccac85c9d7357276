import type { Content } from '@google/genai';
import type { Event } from '../../lib/events/event.js';
import { isCompactionEvent } from '../../lib/events/event-compaction.js';
import { applyCompactionEvent, type HistoryEntry } from '../../lib/flows/apply-compaction-event.js';
import { buildContents } from '../../lib/flows/build-contents.js';
import { compaction, ev, turn } from '../compaction/support.js';

const entry = (event: Event): HistoryEntry => ({ event, content: event.content! });
const make = (event: Event, content: Content): HistoryEntry => ({ event, content });
const apply = (entries: HistoryEntry[], c: Event) => {
  if (!isCompactionEvent(c)) throw new Error('not a compaction');
  return applyCompactionEvent(entries, c, 'agent', make);
};
const texts = (entries: HistoryEntry[]) => entries.map((e) => `${e.event.author}@${e.event.timestamp}:${e.content.parts?.[0]?.text}`);
const contentTexts = (contents: Content[]) => contents.map((c) => `${c.role}:${c.parts?.map((p) => p.text).join('|')}`);

describe('applyCompactionEvent', () => {
  it('drops the raw events of the range and puts the summary at its end, authored by the agent', () => {
    const events = [...turn('i1', 10), ...turn('i2', 20)];
    expect(texts(apply(events.map(entry), compaction(10, 11, 'S1')))).toEqual(['agent@11:S1', 'user@20:q i2', 'agent@21:a i2']);
  });

  it('changes nothing for an empty history but the summary, and returns a new array', () => {
    const entries: HistoryEntry[] = [];
    const result = apply(entries, compaction(1, 2, 'S'));
    expect(texts(result)).toEqual(['agent@2:S']);
    expect(entries).toEqual([]);
  });

  it('keeps overlapping summaries that neither contains, drops one the new range contains (equal: the later wins)', () => {
    const events = [...turn('i1', 10), ...turn('i2', 20), ...turn('i3', 30)].map(entry);
    const one = apply(events, compaction(10, 21, 'S12'));
    const two = apply(one, compaction(20, 31, 'S23'));
    expect(texts(two)).toEqual(['agent@21:S12', 'agent@31:S23']);
    expect(texts(apply(two, compaction(10, 31, 'S123')))).toEqual(['agent@31:S123']);
    expect(texts(apply(two, compaction(20, 31, 'S23b')))).toEqual(['agent@21:S12', 'agent@31:S23b']);
  });

  it('ignores a compaction whose range an existing summary strictly contains', () => {
    const summarised = apply(turn('i1', 10).map(entry), compaction(0, 50, 'big'));
    expect(texts(apply(summarised, compaction(10, 11, 'small')))).toEqual(['agent@50:big']);
  });
});

describe('buildContents with compaction events', () => {
  it('sends the summary in place of the events it covers, keeps later events, and stores nothing new', () => {
    const events = [...turn('i1', 10), ...turn('i2', 20), compaction(10, 21, 'they said hi twice', 22), ...turn('i3', 30)];
    expect(contentTexts(buildContents(events, 'agent', undefined))).toEqual(['model:they said hi twice', 'user:q i3', 'model:a i3']);
    expect(events).toHaveLength(7);
  });

  it('does not hide an event stored after the compaction that shares its end timestamp', () => {
    const events = [...turn('i1', 10), compaction(10, 11, 'S', 11), ev('i2', 11, 'user', 'same ms')];
    expect(contentTexts(buildContents(events, 'agent', undefined))).toEqual(['model:S', 'user:same ms']);
  });

  it('gives the same history incrementally (turn by turn, through its cache) as in one pass', () => {
    const all = [
      ...turn('i1', 10), ...turn('i2', 20), compaction(10, 21, 'S12', 22),
      ...turn('i3', 30), ...turn('i4', 40), compaction(20, 41, 'S24', 42),
      ...turn('i5', 50), compaction(10, 41, 'S14', 52), ...turn('i6', 60),
    ];
    const live: Event[] = [];
    let last: Content[] = [];
    for (const event of all) {
      live.push(event);
      last = buildContents(live, 'agent', undefined);
    }
    expect(contentTexts(last)).toEqual(contentTexts(buildContents([...all], 'agent', undefined)));
    expect(contentTexts(last)).toEqual(['model:S14', 'user:q i5', 'model:a i5', 'user:q i6', 'model:a i6']);
  });

  it('applies a compaction on another branch only to that branch', () => {
    const c = { ...compaction(10, 11, 'S'), branch: 'par.b' };
    const events = [...turn('i1', 10), c];
    expect(contentTexts(buildContents(events, 'agent', 'par.a'))).toEqual(['user:q i1', 'model:a i1']);
    expect(contentTexts(buildContents(events, 'agent', 'par.b'))).toEqual(['model:S']);
  });
});
