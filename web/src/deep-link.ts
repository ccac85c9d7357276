/**
 * What the page's URL names: `?app=weather&session=s1` (and `&user=` when not the default), so a
 * reload or a shared link reopens the same session.
 *
 * @example
 * ```ts
 * const link: DeepLink = readDeepLink('?app=weather&session=s1'); // { app: 'weather', session: 's1' }
 * ```
 */
export interface DeepLink {
  app?: string;
  user?: string;
  session?: string;
}

/**
 * The app, user and session a query string names (empty values left out).
 *
 * @example
 * ```ts
 * readDeepLink(location.search);
 * ```
 */
export function readDeepLink(search: string): DeepLink {
  const params = new URLSearchParams(search);
  const link: DeepLink = {};
  for (const key of ['app', 'user', 'session'] as const) {
    const value = params.get(key);
    if (value) link[key] = value;
  }
  return link;
}

/**
 * The query string for an app, a user and an open session (`''` for none); the default user
 * `user` is left out.
 *
 * @example
 * ```ts
 * deepLinkSearch({ app: 'weather', user: 'user', session: 's1' }); // '?app=weather&session=s1'
 * ```
 */
export function deepLinkSearch(link: DeepLink): string {
  const params = new URLSearchParams();
  if (link.app) params.set('app', link.app);
  if (link.user && link.user !== 'user') params.set('user', link.user);
  if (link.session) params.set('session', link.session);
  const query = params.toString();
  return query ? `?${query}` : '';
}
