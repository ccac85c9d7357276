import { traceStoreOptionsOf } from '../../lib/server/trace-limits.js';

describe('traceStoreOptionsOf', () => {
  it('no limits: the store\'s defaults', () => {
    expect(traceStoreOptionsOf()).toEqual({});
    expect(traceStoreOptionsOf({})).toEqual({});
  });

  it('records and chars bound the one store', () => {
    expect(traceStoreOptionsOf({ records: 5_000, chars: 1_000_000 })).toEqual({ maxRecords: 5_000, maxChars: 1_000_000 });
  });

  it('the old names: entries or spans alone is the records bound, both their sum (what the two stores held together)', () => {
    expect(traceStoreOptionsOf({ entries: 2_000 })).toEqual({ maxRecords: 2_000 });
    expect(traceStoreOptionsOf({ spans: 1_000 })).toEqual({ maxRecords: 1_000 });
    expect(traceStoreOptionsOf({ entries: 2_000, spans: 1_000, chars: 10 })).toEqual({ maxRecords: 3_000, maxChars: 10 });
  });

  it('records wins over the old names', () => {
    expect(traceStoreOptionsOf({ records: 50, entries: 2_000, spans: 1_000 })).toEqual({ maxRecords: 50 });
  });
});
