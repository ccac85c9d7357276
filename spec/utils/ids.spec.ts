import { countedIds, sequentialIds } from '../../lib/utils/ids.js';

describe('ids', () => {
  it('sequentialIds counts from 1 under its prefix', () => {
    const next = sequentialIds('e');
    expect([next(), next(), next()]).toEqual(['e-1', 'e-2', 'e-3']);
  });

  it('countedIds takes one id from its generator, at the first call, then counts under it', () => {
    let calls = 0;
    const generator = sequentialIds('g');
    const next = countedIds(() => (calls++, generator()));
    expect(calls).toBe(0);
    expect([next(), next(), next()]).toEqual(['g-1-1', 'g-1-2', 'g-1-3']);
    expect(calls).toBe(1);
  });

  it('two countedIds on one generator never give the same id', () => {
    const generator = sequentialIds('g');
    const a = countedIds(generator);
    const b = countedIds(generator);
    const ids = [a(), b(), a(), b()];
    expect(new Set(ids).size).toBe(4);
  });
});
