import { deepLinkSearch, readDeepLink } from '../../web/src/deep-link.js';

describe('deep links', () => {
  it('read the app, user and session a query names, leaving out empty and unknown values', () => {
    expect(readDeepLink('?app=weather&session=s1')).toEqual({ app: 'weather', session: 's1' });
    expect(readDeepLink('?app=hr&user=ann&session=&other=1')).toEqual({ app: 'hr', user: 'ann' });
    expect(readDeepLink('')).toEqual({});
  });

  it('write them back (the default user left out, values encoded), and round-trip', () => {
    expect(deepLinkSearch({ app: 'weather', user: 'user', session: 's1' })).toBe('?app=weather&session=s1');
    expect(deepLinkSearch({})).toBe('');
    const link = { app: 'a b', user: 'ann&co', session: 's/1' };
    expect(readDeepLink(deepLinkSearch(link))).toEqual(link);
  });
});
