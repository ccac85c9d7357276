import { redactUri } from '../../lib/utils/redact-uri.js';

describe('redactUri', () => {
  it('hides the password of user:password, keeping the user, host, port, database and options', () => {
    expect(redactUri('postgresql://rxadk:Zq8vK2pLw9@127.0.0.1:41234/postgres')).toBe('postgresql://rxadk:***@127.0.0.1:41234/postgres');
    expect(redactUri('postgres://app:s3cret@db.internal/app?sslmode=require')).toBe('postgres://app:***@db.internal/app?sslmode=require');
    expect(redactUri('postgresql://app:pa%40ss%2Fword@db/app')).toBe('postgresql://app:***@db/app');
    expect(redactUri('postgresql://:only-a-password@db/app')).toBe('postgresql://:***@db/app');
    expect(redactUri('postgresql://app:s3cret@[::1]:5432/app')).toBe('postgresql://app:***@[::1]:5432/app');
  });

  it('keeps a user without a password, an empty password, and URIs without credentials as they are', () => {
    for (const uri of [
      'postgresql://rxadk@127.0.0.1/postgres',
      'postgresql://rxadk:@127.0.0.1/postgres',
      'postgresql://127.0.0.1:5432/postgres',
      'postgresql://[::1]:5432/postgres',
      'memory://',
      'sqlite://./sessions.db?synchronous=normal',
      'sqlite:///var/data/a:b@c.db',
      'sqlite://:memory:',
      'gs://bucket/artifacts',
    ]) {
      expect(redactUri(uri)).toBe(uri);
    }
  });

  it('hides secret query parameters (password=, sslpassword=, token=, key=, ...), whatever their case', () => {
    expect(redactUri('postgresql://db/app?user=me&password=s3cret&sslmode=verify-full')).toBe('postgresql://db/app?user=me&password=***&sslmode=verify-full');
    expect(redactUri('postgresql://me@db/app?sslpassword=k3y&PASSWORD=x')).toBe('postgresql://me@db/app?sslpassword=***&PASSWORD=***');
    expect(redactUri('https://mcp.example/mcp?api_key=abc&region=eu#access_token=xyz')).toBe('https://mcp.example/mcp?api_key=***&region=eu#access_token=***');
    expect(redactUri('postgresql://db/app?sslkey=/home/me/key.pem&password=')).toBe('postgresql://db/app?sslkey=/home/me/key.pem&password=');
  });

  it('hides both the user info password and a password parameter', () => {
    expect(redactUri('postgresql://app:one@db/app?password=two')).toBe('postgresql://app:***@db/app?password=***');
  });

  it('leaves text that is not a URI as it is, except for password=-style values', () => {
    expect(redactUri('')).toBe('');
    expect(redactUri('sessions.db')).toBe('sessions.db');
    expect(redactUri('not a uri: just words, with a colon')).toBe('not a uri: just words, with a colon');
    expect(redactUri('host=db user=app password=s3cret dbname=app')).toBe('host=db user=app password=*** dbname=app');
  });

  it('in a malformed URI, a password with an unencoded /, ? or # is still hidden (up to the last @)', () => {
    expect(redactUri('postgresql://app:pa/ss@db/app')).toBe('postgresql://app:***@db/app');
    expect(redactUri('postgresql://app:pa?ss@db/app')).toBe('postgresql://app:***@db/app');
    expect(redactUri('postgresql://app:pa#ss@db/app')).toBe('postgresql://app:***@db/app');
    expect(redactUri('postgresql://app:p@ss@db/app')).toBe('postgresql://app:***@db/app');
    expect(redactUri('  postgresql://app:s3cret@db/app ')).toBe('  postgresql://app:***@db/app ');
    expect(redactUri('mysql://admin:hunter2@db/app')).toBe('mysql://admin:***@db/app');
  });

  it('never lets the password through, whatever surrounds it', () => {
    const secret = 'Zq8vK2pLw9';
    for (const uri of [
      `postgresql://u:${secret}@h/d`,
      `postgresql://u:${secret}/x@h/d`,
      `postgresql://u:${secret}?x@h/d?password=${secret}`,
      `postgresql://h/d?password=${secret}`,
      `postgresql://h/d?application_name=x&Password=${secret}&x=1`,
      `postgres://u:${secret}@h:5432`,
      `password=${secret}`,
    ]) {
      expect(redactUri(uri)).not.toContain(secret);
    }
  });
});
