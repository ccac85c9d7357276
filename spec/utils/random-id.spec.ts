import { urlAlphabet } from 'nanoid';
import { randomId } from '../../lib/utils/random-id.js';

describe('randomId', () => {
  it('is 21 characters of nanoid URL-safe alphabet', () => {
    for (let i = 0; i < 50; i++) expect(randomId()).toMatch(/^[A-Za-z0-9_-]{21}$/);
  });

  it('never repeats, across several refills of its random pool', () => {
    const ids = Array.from({ length: 2000 }, () => randomId());
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('uses every symbol of the alphabet (each character is 6 random bits)', () => {
    const seen = new Set(Array.from({ length: 300 }, () => randomId()).join(''));
    expect([...seen].sort()).toEqual([...urlAlphabet].sort());
  });
});
