import { unsentText } from '../../lib/front-ends/unsent-text.js';

describe('unsentText (the part of a final model text a front-end has not been sent)', () => {
  it('is the whole text when nothing was streamed, the tail after what was, and nothing when the text does not extend it', () => {
    expect(unsentText(undefined, 'Hi Ada')).toBe('Hi Ada');
    expect(unsentText('Hi ', 'Hi Ada')).toBe('Ada');
    expect(unsentText('Hi Ada', 'Hi Ada')).toBe('');
    expect(unsentText('Bye', 'Hi Ada')).toBe('');
  });
});
