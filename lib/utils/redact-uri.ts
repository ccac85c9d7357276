/** Query parameters whose values are secrets (compared in lower case). */
const SECRET_PARAMS = new Set(['password', 'passwd', 'pwd', 'pass', 'sslpassword', 'secret', 'client_secret', 'token', 'access_token', 'api_key', 'apikey', 'key']);

const SCHEME = /^\s*[a-z][a-z0-9+.-]*:\/\//i;
const PARAM = /(^|[?&;#\s])([A-Za-z_][\w.-]*)=([^&;#\s]*)/g;
const PORT = /^\d*$/;

/**
 * A URI (or connection string) fit to print: the password in its user info and the values of
 * secret parameters (`password=`, `sslpassword=`, `token=`, `key=`, ...) become `***`; the rest is
 * kept as written, so the scheme, user, host, port, database and options still show. Text that is
 * not a URI is returned with only its `password=`-style values replaced. Leans towards hiding: a
 * password with an unencoded `/`, `?` or `#` (a malformed URI) is hidden up to the last `@`.
 * Use it wherever a session, artifact or memory store's URI is logged, printed or put in an error.
 *
 * @example
 * ```ts
 * redactUri('postgresql://rxadk:s3cret@db:5432/app');      // 'postgresql://rxadk:***@db:5432/app'
 * redactUri('postgresql://db/app?user=me&password=s3cret'); // 'postgresql://db/app?user=me&password=***'
 * redactUri('sqlite://./sessions.db');                      // unchanged
 * ```
 */
export function redactUri(text: string): string {
  const scheme = SCHEME.exec(text)?.[0];
  if (scheme === undefined) return redactSecretParams(text);
  const rest = redactUserInfo(text.slice(scheme.length));
  const query = rest.search(/[?#]/);
  return query < 0 ? scheme + rest : scheme + rest.slice(0, query) + redactSecretParams(rest.slice(query));
}

/** `user:password@host...` → `user:***@host...`; the part after `://`. */
function redactUserInfo(rest: string): string {
  const authorityEnd = endOfAuthority(rest);
  const at = rest.lastIndexOf('@', authorityEnd - 1);
  if (at >= 0) return hidePassword(rest.slice(0, at)) + rest.slice(at);
  // No `@` before the first `/`, `?` or `#`: either there is no user info, or a password holds one
  // of them unencoded (`user:pa/ss@host`). A colon not followed by a port number says the latter.
  const lastAt = rest.lastIndexOf('@');
  if (lastAt < 0 || !hasNonPortColon(rest.slice(0, authorityEnd))) return rest;
  return hidePassword(rest.slice(0, lastAt)) + rest.slice(lastAt);
}

function endOfAuthority(rest: string): number {
  const end = rest.search(/[/?#]/);
  return end < 0 ? rest.length : end;
}

/** `user:password` → `user:***`; a user alone, or an empty password, is kept. */
function hidePassword(userInfo: string): string {
  const colon = userInfo.indexOf(':');
  if (colon < 0 || colon === userInfo.length - 1) return userInfo;
  return `${userInfo.slice(0, colon + 1)}***`;
}

/** True when `authority` has a `:` that is not `host:port` (IPv6 brackets skipped). */
function hasNonPortColon(authority: string): boolean {
  const host = authority.startsWith('[') ? authority.slice(authority.indexOf(']') + 1) : authority;
  const colon = host.indexOf(':');
  return colon >= 0 && !PORT.test(host.slice(colon + 1));
}

function redactSecretParams(text: string): string {
  return text.replace(PARAM, (whole, before: string, key: string, value: string) =>
    value !== '' && SECRET_PARAMS.has(key.toLowerCase()) ? `${before}${key}=***` : whole,
  );
}
